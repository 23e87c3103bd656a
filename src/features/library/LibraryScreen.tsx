import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { Tabs, tabItems } from '../../ui/Tabs';
import { Badge } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Field, SelectField } from '../../ui/Field';
import { libraryGreeting, recommendedForNow } from '../../domain/timeBands';
import { useHour } from '../../ui/useHour';
import { CATEGORY_LABELS, getPattern, timingLabel } from '../../domain/patterns';
import {
  CATEGORY_OPTIONS,
  CLEAR_FILTERS_LABEL,
  LIBRARY_TABS,
  SORT_OPTIONS,
  cardsForTab,
  isCategoryFilter,
  isLibrarySort,
  queryLibrary,
  type CategoryFilter,
  type LibraryCard,
  type LibrarySort,
  type LibraryTab,
} from '../../domain/librarySearch';
import { librarySelection, setSelectedPattern } from '../../data/selectedPatternRepo';
import { markPatternUsed, toggleFavorite } from '../../data/patternUsageRepo';
import { isNoTracking } from '../../app/noTracking';
import { useLibraryCards } from './useLibraryCards';
import './library.css';

const USE_PATTERN = 'Use pattern';

/**
 * Choosing a pattern stores it locally as the selected pattern, then opens its session: the
 * classic pre-session step, as home, a pattern link and a course day do (issue 49: one door,
 * one 'Start'; the camera mode's setup asked for a second start after the countdown).
 */
function useChoosePattern() {
  const navigate = useNavigate();
  return async (c: LibraryCard) => {
    const t = c.timings;
    try {
      await setSelectedPattern(
        librarySelection({
          key: c.id,
          name: c.name,
          phases: { inhale: t.inhale, hold: t.hold, exhale: t.exhale, pause: t.hold_after_exhale },
        }),
      );
      // Recent lists what was chosen, but practice without tracking keeps no trace of it.
      if (!isNoTracking()) await markPatternUsed(c.id);
    } catch {
      // Storage refused (private mode, quota): the URL still carries the pattern.
    }
    await navigate({
      to: '/session/$mode',
      params: { mode: 'classic' },
      search: { pattern: c.id },
    });
  };
}

function PatternCard({
  card,
  favorite,
  onChoose,
  headingLevel = 3,
}: {
  card: LibraryCard;
  favorite: boolean;
  onChoose: (c: LibraryCard) => void;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card lib-card" style={{ borderTopColor: getPattern(card.id)?.color }}>
      <div className="lib-card__head">
        <H className="lib-card__name">{card.name}</H>
        <button
          type="button"
          className="lib-heart"
          aria-pressed={favorite}
          aria-label={`Favorite ${card.name}`}
          onClick={() => void toggleFavorite(card.id)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z"
              fill={favorite ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
        </button>
      </div>
      <p className="muted lib-card__desc">{card.description}</p>
      <div className="lib-card__badges">
        <Badge>{CATEGORY_LABELS[card.category]}</Badge>
        <Badge>{card.difficulty}</Badge>
        <Badge tone={card.builtIn ? 'neutral' : 'primary'}>{card.creator}</Badge>
        {card.featured ? <Badge tone="success">Featured</Badge> : null}
      </div>
      <dl className="facts lib-card__facts">
        <div>
          <dt>Rhythm</dt>
          <dd>{timingLabel(card.timings)}</dd>
        </div>
        <div>
          <dt>Cycle</dt>
          <dd>{card.duration}s</dd>
        </div>
        {card.rating !== undefined ? (
          <div>
            <dt>Your rating</dt>
            <dd>{card.rating}/5</dd>
          </div>
        ) : null}
        {card.usageCount !== undefined ? (
          <div>
            <dt>Sessions</dt>
            <dd>{card.usageCount}</dd>
          </div>
        ) : null}
        {card.lastUsed !== undefined ? (
          <div>
            <dt>Last used</dt>
            <dd>{new Date(card.lastUsed).toLocaleDateString()}</dd>
          </div>
        ) : null}
        <div>
          <dt>For</dt>
          <dd>{card.targetAudience}</dd>
        </div>
        {card.primaryBenefits.length > 0 ? (
          <div>
            <dt>Main benefit</dt>
            <dd>{card.primaryBenefits.join(', ')}</dd>
          </div>
        ) : null}
        {card.secondaryBenefits.length > 0 ? (
          <div>
            <dt>Also</dt>
            <dd>{card.secondaryBenefits.join(', ')}</dd>
          </div>
        ) : null}
        {card.instructorName ? (
          <div>
            <dt>Instructor</dt>
            <dd>
              {card.instructorName}
              {card.instructorCredentials ? `, ${card.instructorCredentials}` : ''}
            </dd>
          </div>
        ) : null}
        {card.access ? (
          <div>
            <dt>Access</dt>
            <dd>Free</dd>
          </div>
        ) : null}
      </dl>
      <div className="row lib-card__actions">
        <Button
          size="sm"
          aria-label={`${USE_PATTERN}: ${card.name}`}
          onClick={() => onChoose(card)}
        >
          {USE_PATTERN}
        </Button>
        <CopyCardLink card={card} />
      </div>
    </article>
  );
}

/**
 * "Copy link": the card's pattern as a `/p/…` link (docs/patterns-format.md). The codec (and
 * the schema library under it) loads on the first press, so the library page stays light.
 */
function CopyCardLink({ card }: { card: LibraryCard }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      const { patternLinkPath } = await import('../../domain/links/patternLink');
      const path = patternLinkPath({
        ...card.timings,
        name: card.name,
        description: card.description,
        category: card.category,
        difficulty: card.difficulty,
        benefits: card.benefits,
      });
      if (!path) throw new Error('no link');
      await navigator.clipboard.writeText(`${window.location.origin}${path}`);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Copy link: ${card.name}`}
        onClick={() => void copy()}
      >
        Copy link
      </Button>
      <span role="status" className="muted">
        {state === 'copied'
          ? 'Link copied.'
          : state === 'failed'
            ? 'This link could not be copied.'
            : null}
      </span>
    </>
  );
}

interface LibraryScreenProps {
  goal?: 'energy' | 'sleep';
}

/** A titled part of the library page. */
function LibrarySection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="lib-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function LibraryScreen({ goal }: LibraryScreenProps) {
  const hour = useHour();
  const { cards, recentIds, favoriteIds } = useLibraryCards();
  const choose = useChoosePattern();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>(goal ?? 'all');
  const [sort, setSort] = useState<LibrarySort>('popular');
  const [tab, setTab] = useState<LibraryTab>('all');
  const inputs = { recentIds, favoriteIds };
  const byId = new Map(cards.map((c) => [c.id, c]));
  // Until the hour is known (while a prerendered page hydrates) the section holds its place
  // with the morning pair, hidden, so the real pair does not push the page down on arrival.
  const forNow = recommendedForNow(hour ?? 9)
    .map((id) => byId.get(id))
    .filter((c): c is LibraryCard => c !== undefined);
  const filtered = search.trim() !== '' || category !== 'all';
  const clearFilters = () => {
    setSearch('');
    setCategory('all');
  };
  const onChoose = (c: LibraryCard) => void choose(c);
  const cardList = (list: LibraryCard[], label?: string) => (
    <ul className="grid list-reset" aria-label={label}>
      {list.map((c) => (
        <li key={c.id}>
          <PatternCard card={c} favorite={favoriteIds.has(c.id)} onChoose={onChoose} />
        </li>
      ))}
    </ul>
  );

  const tabContent = (t: LibraryTab) => {
    const inTab = cardsForTab(cards, t, inputs);
    const shown = queryLibrary(cards, { tab: t, search, category, sort }, inputs);
    if (t === 'mine' && inTab.length === 0) {
      return (
        <EmptyState title="No patterns in your library yet.">
          <Link to="/create" className={buttonClass()}>
            Create Your First Pattern
          </Link>
        </EmptyState>
      );
    }
    if (t === 'favorites' && inTab.length === 0) {
      return <EmptyState title="No favorites yet. Tap the heart on any pattern to keep it here." />;
    }
    if (t === 'recent' && inTab.length === 0) {
      return <EmptyState title="No patterns used yet. The ones you practice will appear here." />;
    }
    if (shown.length === 0) {
      return (
        <EmptyState title="No patterns found matching your criteria.">
          <Button variant="secondary" onClick={clearFilters}>
            {CLEAR_FILTERS_LABEL}
          </Button>
        </EmptyState>
      );
    }
    return cardList(shown, `${LIBRARY_TABS.find((x) => x.value === t)?.label} (${shown.length})`);
  };

  const box = byId.get('box');
  const calm = byId.get('relaxation');

  return (
    <div className="page library">
      <header className="lib-header">
        {/* A no-break space holds the heading's line until the hour is known (hydration). */}
        <h1>{hour === null ? '\u00a0' : libraryGreeting(hour)}</h1>
        <p className="muted">Find the pattern for this moment, or one of your own.</p>
      </header>

      <LibrarySection id="lib-quick" title="Quick Start">
        <div className="lib-quick">
          {box ? (
            <Button variant="secondary" onClick={() => void choose(box)}>
              {box.name} <span className="muted">(classic {timingLabel(box.timings)})</span>
            </Button>
          ) : null}
          {calm ? (
            <Button variant="secondary" onClick={() => void choose(calm)}>
              Calm Breathing <span className="muted">({calm.name})</span>
            </Button>
          ) : null}
          <Link to="/marketplace" className={buttonClass('secondary')}>
            Marketplace
          </Link>
        </div>
      </LibrarySection>

      <LibrarySection id="lib-now" title="Recommended for now">
        {hour === null ? (
          <div style={{ visibility: 'hidden' }} aria-hidden="true" inert>
            {cardList(forNow)}
          </div>
        ) : (
          cardList(forNow)
        )}
      </LibrarySection>

      {/* No 'Featured Patterns' section: box, the one featured pattern, has a Quick Start
          button and its 'Featured' badge in the list; a third card of it said nothing new. */}
      <section aria-labelledby="lib-all" className="lib-section">
        <h2 id="lib-all" className="visually-hidden">
          Browse patterns
        </h2>
        <div className="lib-toolbar" role="search">
          <Field
            label="Search patterns"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Name, benefit or use"
          />
          <SelectField
            label="Category"
            value={category}
            onChange={(e) => isCategoryFilter(e.target.value) && setCategory(e.target.value)}
            options={CATEGORY_OPTIONS}
          />
          <SelectField
            label="Sort by"
            value={sort}
            onChange={(e) => isLibrarySort(e.target.value) && setSort(e.target.value)}
            options={SORT_OPTIONS}
          />
          <Link to="/create" className={buttonClass()}>
            Create New
          </Link>
        </div>
        {filtered ? (
          <p className="muted lib-filtered" aria-live="polite">
            Filters are on.{' '}
            <Button variant="ghost" size="sm" onClick={clearFilters}>
              {CLEAR_FILTERS_LABEL}
            </Button>
          </p>
        ) : null}
        <Tabs
          label="Pattern collections"
          value={tab}
          onValueChange={(v) => setTab(v as LibraryTab)}
          items={tabItems(LIBRARY_TABS, tabContent)}
        />
      </section>
    </div>
  );
}
