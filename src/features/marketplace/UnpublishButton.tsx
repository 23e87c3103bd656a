import { useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from './ConfirmDialog';

/** What unpublishing does, said before it is done. */
const UNPUBLISH_EFFECT =
  'It leaves the marketplace at once. Copies others added to their libraries stay theirs; its ratings and use are kept if you publish it again.';

/**
 * After the dialog closes, the focus would return to this button, which unpublishing removes
 * (the card leaves the list; the hub's row loses the button): the keyboard user would be left
 * on the page's body. The focus goes to the pattern's heading when its card is still there,
 * else to the main region, once the list has had time to change.
 */
function keepFocusAfter(card: HTMLElement | null): void {
  /** True once nothing is left to do: the card has left and the focus is somewhere. */
  const place = (): boolean => {
    const settled = !card?.isConnected;
    const active = document.activeElement;
    if (active && active !== document.body) return settled;
    const heading = card?.isConnected ? card.querySelector<HTMLElement>('h2, h3') : null;
    const target = heading ?? document.getElementById('main');
    if (!target) return false;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
    return settled;
  };
  const tryAt = (delays: number[]) => {
    const [ms, ...later] = delays;
    if (ms === undefined) return;
    setTimeout(() => {
      if (!place()) tryAt(later);
    }, ms);
  };
  tryAt([50, 350, 800]); // 50, 400 and 1200 ms after unpublishing
}

/** "Unpublish" for the creator's own pattern (marketplace card, creator hub), after confirming. */
export function UnpublishButton({
  name,
  onUnpublish,
}: {
  name: string;
  onUnpublish: () => Promise<boolean>;
}) {
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const unpublish = async () => {
    const card = trigger.current?.closest('article') ?? null;
    const done = await onUnpublish();
    if (done) keepFocusAfter(card);
    return done;
  };
  return (
    <>
      <Button
        ref={trigger}
        size="sm"
        variant="ghost"
        onClick={() => setConfirming(true)}
        aria-label={`Unpublish ${name}`}
      >
        Unpublish
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Unpublish ${name}?`}
        description={UNPUBLISH_EFFECT}
        confirmLabel="Unpublish"
        variant="danger"
        onConfirm={unpublish}
      />
    </>
  );
}
