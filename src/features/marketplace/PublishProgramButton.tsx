import { useState } from 'react';
import { reloadRole, useAuth } from '../../app/auth/authStore';
import type { Program, ProgramDefinition } from '../../domain/programs/programTypes';
import { Button } from '../../ui/Button';
import { notify } from '../../ui/toast';
import { ConfirmDialog } from './ConfirmDialog';
import { programMarketplaceApi } from '../../backend/api/programMarketplaceApi';
import { failureReason } from './useMarketplaceActions';

/** The definition part of a program (what is published: its open format). */
function definitionOf(p: Program): ProgramDefinition {
  return {
    version: p.version,
    name: p.name,
    description: p.description,
    category: p.category,
    ...(p.safetyNote ? { safetyNote: p.safetyNote } : {}),
    segments: p.segments,
  };
}

/**
 * "Publish to marketplace" for one of the signed-in member's own programs (docs/product.md
 * § Programs), after a confirmation that says what becomes public. Publishing it again
 * updates the listing. Nothing for guests (publishing needs an account).
 */
export function PublishProgramButton({ program }: { program: Program }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user || program.builtIn) return null;
  const publish = async (): Promise<boolean> => {
    try {
      const r = await programMarketplaceApi.publish(program.id, definitionOf(program));
      notify.success(`${r.program.program.name} is published in the marketplace`);
      reloadRole();
      return true;
    } catch (e) {
      notify.error(`${program.name} was not published`, { description: failureReason(e) });
      return false;
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Publish to marketplace: ${program.name}`}
      >
        Publish to marketplace
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Publish ${program.name}?`}
        description="Everyone, guests too, will see its name, description, segments and safety note in the marketplace, with your display name as its creator. If it is already published, the listing is updated."
        confirmLabel="Publish"
        busyLabel="Publishing…"
        onConfirm={publish}
      />
    </>
  );
}
