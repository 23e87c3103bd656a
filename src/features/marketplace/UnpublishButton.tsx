import { useState } from 'react';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from './ConfirmDialog';

/** What unpublishing does, said before it is done. */
const UNPUBLISH_EFFECT =
  'It leaves the marketplace at once. Copies others added to their libraries stay theirs; its ratings and use are kept if you publish it again.';

/** "Unpublish" for the creator's own pattern (marketplace card, creator hub), after confirming. */
export function UnpublishButton({ name, onUnpublish }: { name: string; onUnpublish: () => Promise<boolean> }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Unpublish ${name}`}>
        Unpublish
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Unpublish ${name}?`}
        description={UNPUBLISH_EFFECT}
        confirmLabel="Unpublish"
        variant="danger"
        onConfirm={onUnpublish}
      />
    </>
  );
}
