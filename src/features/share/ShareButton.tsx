import { useId } from 'react';
import type { ShareBlocker } from '../../domain/share/shareRules';
import { Button } from '../../ui/Button';

const WHY: Record<Exclude<ShareBlocker, 'signedOut'>, string> = {
  sharing: 'Sharing…',
  blank: 'Write something to share.',
  tooLong: 'Shorten your post to share it.',
  noPlatform: 'Choose at least one platform.',
};

/** Share, disabled while a share runs, with blank or too long text, or without a platform; says why. */
export function ShareButton({ blockers, sharing, onShare }: { blockers: ShareBlocker[]; sharing: boolean; onShare: () => void }) {
  const id = useId();
  const reasons = blockers.filter((b): b is Exclude<ShareBlocker, 'signedOut'> => b !== 'signedOut').map((b) => WHY[b]);
  return (
    <div className="share-button">
      <Button size="lg" disabled={blockers.length > 0} aria-describedby={reasons.length ? id : undefined} onClick={onShare}>
        {sharing ? 'Sharing…' : 'Share'}
      </Button>
      {reasons.length ? (
        <p id={id} className="muted share-button__why">
          {reasons.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
