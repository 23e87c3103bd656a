import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { QueryProvider } from '../../backend/queryClient';
import { useCustomPatterns } from '../../data/hooks';
import { CLEAR_FILTERS_LABEL } from '../../domain/librarySearch';
import { DEFAULT_MARKETPLACE_QUERY, pageCount, type MarketplacePage, type MarketplaceQuery } from '../../contracts/marketplace';
import { hasLibraryCopy, resultsText } from './format';
import { Button, buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingDots } from '../../ui/LoadingDots';
import { ErrorCard } from '../errors';
import { PublishedCourses } from '../instructor';
import { MarketplaceCard } from './MarketplaceCard';
import { MarketplaceFilters } from './MarketplaceFilters';
import { PublishedPrograms } from './PublishedPrograms';
import { useMarketplaceActions } from './useMarketplaceActions';
import { useMarketplaceListing, type ListingState } from './useMarketplaceListing';
import './marketplace.css';

export interface MarketplaceScreenProps {
  query: MarketplaceQuery;
  onQueryChange: (next: MarketplaceQuery) => void;
}

function Pager({ page, onPage }: { page: MarketplacePage; onPage: (n: number) => void }) {
  const pages = pageCount(page.total, page.pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="row market-pager" aria-label="Pages">
      <Button variant="secondary" size="sm" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
        Previous page
      </Button>
      <span aria-current="page">
        Page {page.page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page.page >= pages} onClick={() => onPage(page.page + 1)}>
        Next page
      </Button>
    </nav>
  );
}

/** An address past the last page (an old link, or the list shrank since). */
function pastEndText(page: MarketplacePage): string {
  const pages = pageCount(page.total, page.pageSize);
  return `Page ${page.page} is past the end: the results fill ${pages === 1 ? '1 page' : `${pages} pages`}.`;
}

/** What the live region says for each state. */
function announcement(state: ListingState, searching: boolean): string {
  switch (state.kind) {
    case 'loading':
      return 'Loading patterns';
    case 'error':
      return 'The marketplace could not be loaded';
    case 'offline-empty':
      return 'Offline: no saved copy of this page';
    default:
      return resultsText(state.page, searching);
  }
}

/**
 * The pattern marketplace (/marketplace): patterns people published from their libraries,
 * with search, filters, real ratings and use; try one, add it to your library, rate it,
 * unpublish your own (docs/product.md § Discovery).
 */
export function MarketplaceScreen({ query, onQueryChange }: MarketplaceScreenProps) {
  // The catalogue is asked for after the first render: a prerendered page (built in Node)
  // shows the frame and a loading line, and no query is made at build time.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div className="page stack market-page">
      <h1>Marketplace</h1>
      <p className="muted">
        Breathing patterns other members made and shared. Ratings and use come from the people who tried
        them.
      </p>
      <MarketplaceFilters query={query} onChange={onQueryChange} />
      {mounted ? (
        <QueryProvider>
          <Listing query={query} onQueryChange={onQueryChange} />
        </QueryProvider>
      ) : (
        <LoadingDots label="Loading patterns" />
      )}
      {mounted ? <PublishedPrograms q={query.q} /> : null}
      <PublishedCourses linkToAll />
    </div>
  );
}

function Listing({ query, onQueryChange }: MarketplaceScreenProps) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const state = useMarketplaceListing(query, userId);
  const library = useCustomPatterns(userId);
  const actions = useMarketplaceActions(userId);
  const searching = query.q !== '' || query.category !== 'all' || query.difficulty !== 'all';
  const page = state.kind === 'ready' || state.kind === 'offline' ? state.page : null;

  return (
    <>
      {/* Announced always; shown only when the empty state below does not say it already. */}
      <p className={page && page.total === 0 ? 'visually-hidden' : 'market-results'} role="status" aria-live="polite">
        {announcement(state, searching)}
      </p>
      {state.kind === 'offline' ? (
        <p className="market-offline" role="note">
          You&apos;re offline. This is the page as it was when last loaded ({new Date(state.savedAt).toLocaleString()});
          ratings and use may have changed since.
        </p>
      ) : null}
      {state.kind === 'loading' ? <LoadingDots label="Loading patterns" /> : null}
      {state.kind === 'error' ? (
        <ErrorCard
          className="market-error"
          message={state.message}
          recovery="retry"
          onRetry={state.retry}
        />
      ) : null}
      {state.kind === 'offline-empty' ? (
        <EmptyState title="You're offline and this page was never loaded on this device.">
          <p className="muted">Connect to see the marketplace.</p>
        </EmptyState>
      ) : null}
      {page && page.items.length === 0 && page.total > 0 ? (
        <EmptyState title={pastEndText(page)}>
          <Button variant="secondary" onClick={() => onQueryChange({ ...query, page: 1 })}>
            Go to the first page
          </Button>
        </EmptyState>
      ) : null}
      {page && page.total === 0 ? (
        <EmptyState title={resultsText(page, searching)}>
          {searching ? (
            <Button variant="secondary" onClick={() => onQueryChange({ ...DEFAULT_MARKETPLACE_QUERY, sort: query.sort })}>
              {CLEAR_FILTERS_LABEL}
            </Button>
          ) : (
            <Link to="/create" className={buttonClass('secondary')}>
              Create a pattern to publish
            </Link>
          )}
        </EmptyState>
      ) : null}
      {page && page.items.length > 0 ? (
        <ul className="market-grid" aria-label="Published patterns">
          {page.items.map((p) => (
            <li key={p.id}>
              <MarketplaceCard
                pattern={p}
                signedIn={userId !== null}
                inLibrary={hasLibraryCopy(p, library)}
                offline={state.kind === 'offline'}
                actions={actions}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {page ? <Pager page={page} onPage={(n) => onQueryChange({ ...query, page: n })} /> : null}
    </>
  );
}
