import { parseProgram } from '../domain/programs/programSchema';
import type { Program } from '../domain/programs/programTypes';
import { listCustomPrograms } from './customProgramsRepo';
import { useLocalQuery } from './useLocalQuery';

/**
 * The programs made on this device (`userId`'s and guest-made ones), as programs, for the
 * programs list and the course builder (a day may hold a program). Each is parsed with the one
 * schema first: a row that does not parse (a synced row from a newer version, say) is left out
 * rather than crashing the list.
 */
export function useCustomPrograms(userId: string | null): Program[] {
  const rows = useLocalQuery(() => listCustomPrograms(userId), [userId], []);
  return rows.flatMap((r) => {
    const p = parseProgram(programDefinitionOf(r));
    return p.ok ? [{ ...p.program, id: r.id, builtIn: false }] : [];
  });
}

/** The definition part of a stored row (what the schema checks). */
export function programDefinitionOf(r: {
  version: number;
  name: string;
  description: string;
  category: string;
  safetyNote?: string;
  segments: unknown;
}): unknown {
  return {
    version: r.version,
    name: r.name,
    description: r.description,
    category: r.category,
    ...(r.safetyNote ? { safetyNote: r.safetyNote } : {}),
    segments: r.segments,
  };
}
