import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import { programLinkPayload } from '../../domain/links/patternLink';
import type { MarketProgram, MarketProgramPage } from '../../domain/marketplace/programListing';
import { plannedLengthText } from '../../domain/programs/programText';
import { CreatorLine } from './CreatorLine';
import { Button, buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingDots } from '../../ui/LoadingDots';
import { notify } from '../../ui/toast';
import { programMarketplaceApi } from '../../backend/api/programMarketplaceApi';
import { failureReason } from './useMarketplaceActions';

type State =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; page: MarketProgramPage };

/**
 * Programs members published (docs/product.md § Programs), newest first, matching the
 * marketplace's search text. "Open" plays one through its `/p/` link (the program's own
 * intro and session; the one program schema checks it first); its creator may unpublish it.
 */
export function PublishedPrograms({ q }: { q: string }) {
  const { user } = useAuth();
  const signedIn = Boolean(user);
  const offline = useNetworkStatus().status === 'offline';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [page, setPage] = useState(1);
  const load = useCallback(() => {
    let live = true;
    setState({ kind: 'loading' });
    programMarketplaceApi.list(q.trim(), page, signedIn).then(
      (p) => live && setState({ kind: 'ready', page: p }),
      (e: unknown) => live && setState({ kind: 'error', message: failureReason(e) }),
    );
    return () => {
      live = false;
    };
  }, [q, page, signedIn]);
  // Asked again when the connection comes back.
  useEffect(() => load(), [load, offline]);
  useEffect(() => setPage(1), [q]);

  const unpublish = async (p: MarketProgram) => {
    try {
      await programMarketplaceApi.unpublish(p.id);
      notify.success(`${p.program.name} is no longer in the marketplace`);
      load();
    } catch (e) {
      notify.error(`${p.program.name} was not unpublished`, { description: failureReason(e) });
    }
  };

  const pages = state.kind === 'ready' ? Math.max(1, Math.ceil(state.page.total / state.page.pageSize)) : 1;
  return (
    <section className="stack" aria-labelledby="market-programs-title">
      <h2 id="market-programs-title">Programs</h2>
      <p className="muted">Whole sessions members made and shared: open one to see its segments and play it.</p>
      {state.kind === 'loading' ? <LoadingDots label="Loading programs" /> : null}
      {state.kind === 'error' && offline ? (
        <p className="muted">
          You are offline. Published programs are listed when you are back online; a program you
          opened before still plays from its link.
        </p>
      ) : null}
      {state.kind === 'error' && !offline ? (
        <p role="alert">
          Programs could not be loaded: {state.message}{' '}
          <Button variant="secondary" size="sm" onClick={() => load()}>
            Try again
          </Button>
        </p>
      ) : null}
      {state.kind === 'ready' && state.page.total === 0 ? (
        <EmptyState title={q.trim() ? 'No published program matches your search' : 'No published programs yet'}>
          <Link to="/create" hash="program" className={buttonClass('secondary')}>
            Make a program to publish
          </Link>
        </EmptyState>
      ) : null}
      {state.kind === 'ready' && state.page.items.length > 0 ? (
        <ul className="market-grid" aria-label="Published programs">
          {state.page.items.map((p) => (
            <li key={p.id}>
              <ProgramCard item={p} onUnpublish={() => void unpublish(p)} />
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav className="row market-pager" aria-label="Program pages">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous programs
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            More programs
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function ProgramCard({ item, onUnpublish }: { item: MarketProgram; onUnpublish: () => void }) {
  const headingId = `market-program-${item.id}`;
  const payload = programLinkPayload(item.program);
  return (
    <article className="card market-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="market-card__name">
        {item.program.name}
      </h3>
      <CreatorLine name={item.creator.name} mine={item.mine} />
      <p className="muted">
        {item.program.segments.length === 1 ? '1 segment' : `${item.program.segments.length} segments`} ·{' '}
        {plannedLengthText(item.program)}
      </p>
      {item.program.description ? <p>{item.program.description}</p> : null}
      <div className="row">
        {payload ? (
          <Link
            to="/p/$payload"
            params={{ payload }}
            className={buttonClass('primary', 'sm')}
            aria-label={`Open ${item.program.name}`}
          >
            Open
          </Link>
        ) : (
          <span className="muted">This program cannot be opened on this version of the app.</span>
        )}
        {item.mine ? (
          <Button variant="ghost" size="sm" onClick={onUnpublish} aria-label={`Unpublish ${item.program.name}`}>
            Unpublish
          </Button>
        ) : null}
      </div>
    </article>
  );
}
