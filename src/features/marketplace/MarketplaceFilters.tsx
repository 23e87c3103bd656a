import { useEffect, useState } from 'react';
import { MARKETPLACE_QUERY_MAX, type MarketplaceQuery } from '../../contracts/marketplace';
import { Field, SelectField } from '../../ui/Field';
import { MARKETPLACE_CATEGORY_OPTIONS, MARKETPLACE_DIFFICULTY_OPTIONS, MARKETPLACE_SORT_OPTIONS } from './options';

/** Typing settles for this long before the catalogue is asked again. */
const SEARCH_SETTLE_MS = 300;

/** Search, category, difficulty and sort; every change starts again at page 1. */
export function MarketplaceFilters({ query, onChange }: { query: MarketplaceQuery; onChange: (next: MarketplaceQuery) => void }) {
  const [text, setText] = useState(query.q);
  // The URL changed (back, Clear Filters): show its text, unless it is what is typed (a space being typed stays).
  useEffect(() => setText((typed) => (typed.trim() === query.q ? typed : query.q)), [query.q]);
  useEffect(() => {
    if (text.trim() === query.q) return;
    const t = setTimeout(() => onChange({ ...query, q: text.trim(), page: 1 }), SEARCH_SETTLE_MS);
    return () => clearTimeout(t);
  }, [text, query, onChange]);

  return (
    <form className="market-filters" role="search" aria-label="Search the marketplace" onSubmit={(e) => {
      e.preventDefault();
      onChange({ ...query, q: text.trim(), page: 1 });
    }}>
      <Field
        label="Search patterns"
        type="search"
        value={text}
        maxLength={MARKETPLACE_QUERY_MAX}
        placeholder="Name or description"
        onChange={(e) => setText(e.target.value)}
      />
      <SelectField
        label="Category"
        value={query.category}
        options={MARKETPLACE_CATEGORY_OPTIONS}
        onChange={(e) => onChange({ ...query, category: e.target.value as MarketplaceQuery['category'], page: 1 })}
      />
      <SelectField
        label="Difficulty"
        value={query.difficulty}
        options={MARKETPLACE_DIFFICULTY_OPTIONS}
        onChange={(e) => onChange({ ...query, difficulty: e.target.value as MarketplaceQuery['difficulty'], page: 1 })}
      />
      <SelectField
        label="Sort by"
        value={query.sort}
        options={MARKETPLACE_SORT_OPTIONS}
        onChange={(e) => onChange({ ...query, sort: e.target.value as MarketplaceQuery['sort'], page: 1 })}
      />
    </form>
  );
}
