import { Link } from '@tanstack/react-router';
import { platformById } from '../../domain/share/platforms';
import type { ShareOutcome } from './runShare';

function label(o: ShareOutcome): string {
  return platformById(o.platform)?.label ?? o.platform;
}

function Line({ o }: { o: ShareOutcome }) {
  switch (o.status) {
    case 'posted':
      return (
        <>
          Posted to the Pneuma Community. <Link to="/community">See it in the community</Link>
        </>
      );
    case 'shared':
      return <>Shared through your device&apos;s share sheet.</>;
    case 'cancelled':
      return <>The share sheet was closed: nothing was shared there.</>;
    case 'opened':
      return (
        <>
          {label(o)} opened in a new tab: finish posting there.
          {o.copied ? ' Your text is copied: paste it into the post.' : ''}
        </>
      );
    case 'blocked':
      return (
        <>
          Your browser kept {label(o)} from opening a new tab.{' '}
          <a href={o.href} target="_blank" rel="noopener noreferrer">
            Open {label(o)}
          </a>
          {o.copied ? ' (your text is copied: paste it into the post)' : ''}
        </>
      );
    case 'failed':
      return <span className="share-results__error">{o.message}</span>;
  }
}

/** What the last press of Share did, platform by platform. */
export function ShareResults({ outcomes }: { outcomes: ShareOutcome[] | null }) {
  return (
    <div role="status" aria-live="polite" className="share-results">
      {outcomes && outcomes.length > 0 ? (
        <ul>
          {outcomes.map((o) => (
            <li key={o.platform} data-status={o.status}>
              <Line o={o} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
