import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { reloadRole, useAuth } from '../../app/auth/authStore';
import { QueryProvider } from '../../backend/queryClient';
import type { MarketplacePattern } from '../../contracts/marketplace';
import { ERROR_SCREEN_TEXT } from '../../domain/errors/screenText';
import { CATEGORY_LABELS, timingLabel } from '../../domain/patterns';
import { Badge } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadingPage } from '../../ui/LoadingPage';
import { Stat } from '../../ui/Stat';
import {
  creatorTotals,
  failureReason,
  marketplaceApi,
  marketplaceKeys,
  opensCreatorHub,
  ratingText,
  UnpublishButton,
  usageText,
  useMarketplaceActions,
} from '../marketplace';
import { CreatorMints } from '../tokens';
import './creator.css';

function PatternRow({ p, onUnpublish }: { p: MarketplacePattern; onUnpublish: (p: MarketplacePattern) => Promise<boolean> }) {
  return (
    <Card as="article" className="creator-pattern stack" aria-labelledby={`creator-${p.id}`}>
      <h3 id={`creator-${p.id}`} className="creator-pattern__name">
        {p.name}{' '}
        {p.unpublished ? <Badge tone="warning">Unpublished</Badge> : <Badge tone="success">Published</Badge>}
      </h3>
      <p className="muted">
        {CATEGORY_LABELS[p.category]} · {p.difficulty} · {timingLabel(p)}
      </p>
      <dl className="facts">
        <div>
          <dt>Used by</dt>
          <dd>{usageText(p.usage)}</dd>
        </div>
        <div>
          <dt>Rating</dt>
          <dd>{ratingText(p.rating)}</dd>
        </div>
      </dl>
      {p.unpublished ? (
        <p className="muted">To list it again, publish it from the Create page.</p>
      ) : (
        <div className="row">
          <Link
            to="/marketplace"
            search={{ q: p.name }}
            className={buttonClass('secondary', 'sm')}
            aria-label={`See in marketplace: ${p.name}`}
          >
            See in marketplace
          </Link>
          <UnpublishButton name={p.name} onUnpublish={() => onUnpublish(p)} />
        </div>
      )}
    </Card>
  );
}

/**
 * The creator hub (/creator-dashboard): the creator's published patterns with their real
 * use and ratings, and their mints. For someone who has not published yet it says how to
 * start. Figures come from the server (other people's use only).
 */
/** The page's heading, also shown while the account and the figures are read. */
export const CREATOR_HUB_HEADING = 'Creator Hub';

export function CreatorScreen({ userId }: { userId: string }) {
  return (
    <QueryProvider>
      <CreatorHub userId={userId} />
    </QueryProvider>
  );
}

function CreatorHub({ userId }: { userId: string }) {
  const q = useQuery({ queryKey: marketplaceKeys.mine(userId), queryFn: marketplaceApi.mine });
  const { role } = useAuth();
  const { unpublish } = useMarketplaceActions(userId);
  const serverRole = q.data?.role;
  // The server's word wins: a role changed elsewhere (a first publication on another device)
  // reaches the header's Creator Hub link too.
  useEffect(() => {
    if (serverRole && role && serverRole !== role) reloadRole();
  }, [serverRole, role]);

  if (q.isPending) return <LoadingPage heading={CREATOR_HUB_HEADING} label="Loading your Creator Hub" />;
  if (q.isError) {
    return (
      <div className="page stack">
        <h1>{CREATOR_HUB_HEADING}</h1>
        <div role="alert" className="card stack">
          <p>Your Creator Hub could not be loaded: {failureReason(q.error)}</p>
          <Button onClick={() => void q.refetch()}>{ERROR_SCREEN_TEXT.retry}</Button>
        </div>
      </div>
    );
  }
  const overview = q.data;
  if (!opensCreatorHub(overview)) {
    return (
      <div className="page stack">
        <h1>{CREATOR_HUB_HEADING}</h1>
        <Card as="section" className="stack">
          <p>
            Your Creator Hub shows the patterns you publish to the marketplace, with their use and ratings. It
            opens with your first published pattern.
            {overview.role === 'user' ? ' Publishing also makes you a creator.' : null}
          </p>
          <p className="muted">
            Make a pattern on the Create page, then choose &lsquo;Publish to marketplace&rsquo; next to it.
          </p>
          <Link to="/create" className={buttonClass('primary')}>
            Publish your first pattern
          </Link>
        </Card>
      </div>
    );
  }
  const totals = creatorTotals(overview.patterns);
  return (
    <div className="page stack creator-page">
      <h1>{CREATOR_HUB_HEADING}</h1>
      <p className="muted">
        Use and ratings come from other members who tried your pattern, saved it or practiced with it.
      </p>
      <dl className="creator-stats">
        <Stat label="Published patterns" value={totals.published} />
        <Stat label="Sessions with your patterns" value={totals.sessions} />
        <Stat label="Ratings received" value={totals.ratings} />
      </dl>
      <section className="stack" aria-labelledby="creator-patterns">
        <div className="row creator-section-head">
          <h2 id="creator-patterns">Your patterns</h2>
          <Link to="/create" className={buttonClass('secondary', 'sm')}>
            Publish another
          </Link>
        </div>
        <ul className="creator-list">
          {overview.patterns.map((p) => (
            <li key={p.id}>
              <PatternRow p={p} onUnpublish={unpublish} />
            </li>
          ))}
        </ul>
      </section>
      <section className="stack" aria-labelledby="creator-mints">
        <h2 id="creator-mints">Mints</h2>
        <CreatorMints patterns={overview.patterns.filter((p) => !p.unpublished).map(({ id, name }) => ({ id, name }))} />
      </section>
    </div>
  );
}
