import { useState } from 'react';
import { reloadRole, useAuth } from '../../app/auth/authStore';
import type { PatternDefinition } from '../../domain/patterns';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { notify } from '../../ui/toast';
import { marketApi, marketKeys } from './marketApi';
import { failureReason } from './useMarketActions';

/**
 * "Publish to marketplace" for one of the signed-in user's own patterns, after a
 * confirmation that says what becomes public. Publishing it again updates the listing.
 * Renders nothing for guests (publishing needs an account).
 */
export function PublishPatternButton({ pattern }: { pattern: PatternDefinition & { id: string } }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  const publish = async () => {
    setBusy(true);
    try {
      const { id, ...definition } = pattern;
      const r = await marketApi.publish({
        sourcePatternId: id,
        name: definition.name,
        description: definition.description,
        inhale: definition.inhale,
        hold: definition.hold,
        exhale: definition.exhale,
        hold_after_exhale: definition.hold_after_exhale,
        category: definition.category,
        difficulty: definition.difficulty,
        benefits: definition.benefits,
      });
      setOpen(false);
      notify.success(`${r.pattern.name} is published in the marketplace`);
      // The query library loads here, not with the /create screen.
      void import('../../backend/queryClient').then(({ queryClient }) =>
        queryClient.invalidateQueries({ queryKey: marketKeys.all }),
      );
      reloadRole();
    } catch (e) {
      notify.error(`${pattern.name} was not published`, { description: failureReason(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={`Publish to marketplace: ${pattern.name}`}>
        Publish to marketplace
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Publish ${pattern.name}?`}
        description="Everyone, guests too, will see its name, timings, description, category, difficulty and benefits in the marketplace, with your display name as its creator. If it is already published, the listing is updated. You can unpublish it at any time."
      >
        <div className="row">
          <Button onClick={() => void publish()} disabled={busy}>
            {busy ? 'Publishing…' : 'Publish'}
          </Button>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </>
  );
}
