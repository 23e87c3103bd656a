import { useState } from 'react';
import { reloadRole, useAuth } from '../../app/auth/authStore';
import { definitionOf } from './format';
import type { PatternDefinition } from '../../domain/patterns';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { notify } from '../../ui/toast';
import { ConfirmDialog } from './ConfirmDialog';
import { marketplaceApi, marketplaceKeys } from '../../backend/api/marketplaceApi';
import { failureReason } from './useMarketplaceActions';
import type { Publication } from './useMyPublications';

/**
 * "Publish to marketplace" for one of the signed-in user's own patterns, after a
 * confirmation that says what becomes public. Publishing it again updates the listing.
 * Renders nothing for guests (publishing needs an account). A pattern already live says
 * so, and its action updates the listing.
 */
export function PublishPatternButton({
  pattern,
  publication,
  onPublished,
}: {
  pattern: PatternDefinition & { id: string };
  /** Where it stands in the marketplace, when known. */
  publication?: Publication;
  onPublished?: () => void;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user) return null;

  const publish = async (): Promise<boolean> => {
    try {
      const r = await marketplaceApi.publish({ sourcePatternId: pattern.id, ...definitionOf(pattern) });
      notify.success(`${r.pattern.name} is published in the marketplace`);
      // The query library loads here, not with the /create screen.
      void import('../../backend/queryClient').then(({ queryClient }) =>
        queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
      );
      reloadRole();
      onPublished?.();
      return true;
    } catch (e) {
      notify.error(`${pattern.name} was not published`, { description: failureReason(e) });
      return false;
    }
  };

  const live = publication === 'live';
  return (
    <>
      {live ? <Badge tone="success">Published</Badge> : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={live ? `Update marketplace listing: ${pattern.name}` : `Publish to marketplace: ${pattern.name}`}
      >
        {live ? 'Update listing' : 'Publish to marketplace'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Publish ${pattern.name}?`}
        description="Everyone, guests too, will see its name, timings, description, category, difficulty and benefits in the marketplace, with your display name as its creator. If it is already published, the listing is updated. You can unpublish it at any time."
        confirmLabel="Publish"
        busyLabel="Publishing…"
        onConfirm={publish}
      />
    </>
  );
}
