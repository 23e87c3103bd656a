import { useState } from 'react';
import { reloadRole, useAuth } from '../../app/auth/authStore';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { notify } from '../../ui/toast';
import { ConfirmDialog } from './ConfirmDialog';
import { failureReason } from './useMarketplaceActions';

/**
 * "Publish to marketplace" for something of the signed-in member's own (a pattern, a
 * program): the button, the confirmation that says what becomes public, and what follows
 * (a toast either way, the member's role read again). Publishing it again updates the
 * listing; one already live says so, and its action says it updates the listing. Nothing
 * for a guest (publishing needs an account). The confirmation is a dialog (ui/Dialog):
 * focus moves into it and comes back to the button when it closes; a refusal keeps it open
 * and says why in the toast (the server's reason, useMarketplaceActions' failureReason).
 */
export function PublishAction({
  name,
  shows,
  live = false,
  publish,
  onPublished,
}: {
  /** The pattern's or program's name: the button's label, the question and the toasts say it. */
  name: string;
  /** What everyone will see of it, e.g. 'name, description, segments and safety note'. */
  shows: string;
  /** It is in the marketplace now (when known). */
  live?: boolean;
  /** Publishes it; resolves to the name as the marketplace lists it. */
  publish: () => Promise<string>;
  onPublished?: () => void;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user) return null;

  const confirm = async (): Promise<boolean> => {
    try {
      const listed = await publish();
      notify.success(`${listed} is published in the marketplace`);
      reloadRole();
      onPublished?.();
      return true;
    } catch (e) {
      notify.error(`${name} was not published`, { description: failureReason(e) });
      return false;
    }
  };

  return (
    <>
      {live ? <Badge tone="success">Published</Badge> : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={live ? `Update marketplace listing: ${name}` : `Publish to marketplace: ${name}`}
      >
        {live ? 'Update listing' : 'Publish to marketplace'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Publish ${name}?`}
        description={`Everyone, guests too, will see its ${shows} in the marketplace, with your display name as its creator. If it is already published, the listing is updated. You can unpublish it at any time.`}
        confirmLabel="Publish"
        busyLabel="Publishing…"
        onConfirm={confirm}
      />
    </>
  );
}
