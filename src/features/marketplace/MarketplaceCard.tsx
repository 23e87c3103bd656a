import { useState } from 'react';
import type { MarketplacePattern } from '../../contracts/marketplace';
import { ratingText, usageText } from './format';
import { linkedPatternOf } from '../../domain/links/linkedFrom';
import { CATEGORY_LABELS, timingLabel } from '../../domain/patterns';
import { Badge } from '../../ui/Badge';
import { CreatorLine } from './CreatorLine';
import { Button } from '../../ui/Button';
import { ShareLinkButton } from '../pattern-link';
import { PatternTokenBadge } from '../tokens';
import { StarRating } from './StarRating';
import { UnpublishButton } from './UnpublishButton';

export interface MarketplaceCardActions {
  tryPattern: (p: MarketplacePattern) => void;
  addToLibrary: (p: MarketplacePattern) => Promise<boolean>;
  rate: (p: MarketplacePattern, rating: number) => Promise<boolean>;
  unpublish: (p: MarketplacePattern) => Promise<boolean>;
}

/** One published pattern: what it is, who made it, its real ratings and use, and what one can do with it. */
export function MarketplaceCard({
  pattern: p,
  signedIn,
  inLibrary,
  offline,
  actions,
}: {
  pattern: MarketplacePattern;
  signedIn: boolean;
  /** The user already has a copy with this name and these timings. */
  inLibrary: boolean;
  /** Showing a saved page: actions that need the server are off. */
  offline: boolean;
  actions: MarketplaceCardActions;
}) {
  const [adding, setAdding] = useState(false);
  const headingId = `market-card-${p.id}`;
  return (
    <article className="card market-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="market-card__name">
        {p.name}
      </h2>
      <CreatorLine name={p.creator.name} mine={p.mine} />
      <div className="market-card__badges">
        <Badge>{CATEGORY_LABELS[p.category]}</Badge>
        <Badge>{p.difficulty}</Badge>
      </div>
      {p.description ? <p className="muted market-card__desc">{p.description}</p> : null}
      <dl className="facts market-card__facts">
        <div>
          <dt>Rhythm</dt>
          <dd>{timingLabel(p)}</dd>
        </div>
        <div>
          <dt>Rating</dt>
          <dd>{ratingText(p.rating)}</dd>
        </div>
        <div>
          <dt>Used by</dt>
          <dd>{usageText(p.usage)}</dd>
        </div>
      </dl>
      <PatternTokenBadge patternId={p.id} />
      {signedIn && !p.mine && !offline ? (
        <StarRating name={p.name} value={p.yourRating} onRate={(n) => actions.rate(p, n)} />
      ) : null}
      <div className="row market-card__actions">
        <Button size="sm" onClick={() => actions.tryPattern(p)} aria-label={`Try ${p.name}`}>
          Try
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={inLibrary || adding}
          aria-label={inLibrary ? `In your library: ${p.name}` : `Add to library: ${p.name}`}
          onClick={async () => {
            setAdding(true);
            await actions.addToLibrary(p);
            setAdding(false);
          }}
        >
          {inLibrary ? 'In your library' : 'Add to library'}
        </Button>
        <ShareLinkButton pattern={linkedPatternOf(p)} />
        {p.mine && !offline ? <UnpublishButton name={p.name} onUnpublish={() => actions.unpublish(p)} /> : null}
      </div>
    </article>
  );
}
