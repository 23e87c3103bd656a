import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/**
 * Stop and Esc ask once (docs/product.md § Sessions): 'End session?'. Under one full cycle
 * the session is not saved unless the person says so: 'End without saving' leaves without
 * ending the run (nothing reaches the save path), 'Save it anyway' ends it as Stop did.
 */
export function EndSessionDialog({
  open,
  cyclesDone,
  onKeep,
  onEnd,
  onDiscard,
}: {
  open: boolean;
  cyclesDone: number;
  /** Back to the breath (the session resumes if asking paused it). */
  onKeep: () => void;
  /** End and save, as Stop did before it asked. */
  onEnd: () => void;
  /** Leave without saving (offered under one cycle only). */
  onDiscard: () => void;
}) {
  const short = cyclesDone < 1;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onKeep();
      }}
      title="End session?"
      description={
        short
          ? 'Less than one full breath cycle so far, so it will not be kept unless you choose to save it.'
          : `You have breathed ${cyclesDone} ${cyclesDone === 1 ? 'cycle' : 'cycles'}. It is saved when you end.`
      }
    >
      <div className="row end-session__actions">
        <Button variant="primary" onClick={onKeep} data-testid="end-keep">
          Keep breathing
        </Button>
        {short ? (
          <>
            <Button variant="secondary" onClick={onDiscard} data-testid="end-discard">
              End without saving
            </Button>
            <Button variant="ghost" onClick={onEnd} data-testid="end-save">
              Save it anyway
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onEnd} data-testid="end-confirm">
            End session
          </Button>
        )}
      </div>
    </Dialog>
  );
}
