import type { Program, ProgramDefinition } from '../../domain/programs/programTypes';
import { programMarketplaceApi } from '../../backend/api/programMarketplaceApi';
import { PublishAction } from './PublishAction';

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
 * "Publish to marketplace" for one of the signed-in member's own programs (/programs;
 * docs/product.md § Programs), through the one publish action (./PublishAction). Nothing for
 * a built-in program.
 */
export function PublishProgramButton({ program }: { program: Program }) {
  if (program.builtIn) return null;
  return (
    <PublishAction
      name={program.name}
      shows="name, description, segments and safety note"
      publish={async () => (await programMarketplaceApi.publish(program.id, definitionOf(program))).program.program.name}
    />
  );
}
