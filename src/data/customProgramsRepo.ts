/**
 * Programs made on /create (docs/product.md § Programs), kept on this device first like
 * custom patterns: every write is checked with the one program schema and marked for
 * upload when signed in ('pending'), or kept as a guest's ('guest').
 */
import { parseProgram } from '../domain/programs/programSchema';
import { db, type CustomProgramRecord } from './db';
import { withinStorageWait } from './storageWait';

export class ProgramValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProgramValidationError';
  }
}

export async function createCustomProgram(
  input: unknown,
  opts: { userId: string | null; now?: Date; id?: string },
): Promise<CustomProgramRecord> {
  const parsed = parseProgram(input);
  if (!parsed.ok) throw new ProgramValidationError(parsed.error);
  const at = (opts.now ?? new Date()).toISOString();
  const record: CustomProgramRecord = {
    ...parsed.program,
    id: opts.id ?? crypto.randomUUID(),
    userId: opts.userId,
    createdAt: at,
    updatedAt: at,
    syncState: opts.userId ? 'pending' : 'guest',
  };
  // Bounded: a locked database rejects with StorageTimeoutError instead of waiting for ever.
  await withinStorageWait(db.programs.add(record), 'save the program');
  return record;
}

export async function getCustomProgram(id: string): Promise<CustomProgramRecord | undefined> {
  const p = await db.programs.get(id);
  return p && !p.deleted ? p : undefined;
}

/** Visible custom programs, newest first. With a userId: that user's plus guest-made ones. */
export async function listCustomPrograms(userId?: string | null): Promise<CustomProgramRecord[]> {
  const all = await db.programs.orderBy('updatedAt').reverse().toArray();
  return all.filter(
    (p) => !p.deleted && (userId === undefined || p.userId === null || p.userId === userId),
  );
}

/** A tombstone until the deletion has synced (a guest's row simply goes). */
export async function deleteCustomProgram(id: string, now: Date = new Date()): Promise<void> {
  const p = await db.programs.get(id);
  if (!p) return;
  if (p.syncState === 'guest') await db.programs.delete(id);
  else
    await db.programs.update(id, {
      deleted: true,
      updatedAt: now.toISOString(),
      syncState: 'pending',
    });
}
