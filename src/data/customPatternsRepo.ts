import { patternSchema, type PatternInput } from '../domain/patternSchema';
import { db, type CustomPatternRecord } from './db';
import { withinStorageWait } from './storageWait';

/**
 * Custom patterns made on /create. Every write is checked with the domain's
 * `patternSchema` (the same rules as the form and the data-bundle import). Deleting is a
 * soft delete (kept with `deleted: true`) so the deletion can reach the server.
 */

export class PatternValidationError extends Error {
  constructor(public readonly issues: { field: string; message: string }[]) {
    super(issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; '));
    this.name = 'PatternValidationError';
  }
}

function parseInput(input: unknown) {
  const r = patternSchema.safeParse(input);
  if (!r.success) {
    throw new PatternValidationError(
      r.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    );
  }
  return r.data;
}

export interface CreatePatternOptions {
  /** Signed-in owner, or null for a guest. */
  userId: string | null;
  id?: string;
  now?: Date;
}

export async function createCustomPattern(
  input: PatternInput,
  { userId, id = crypto.randomUUID(), now = new Date() }: CreatePatternOptions,
): Promise<CustomPatternRecord> {
  const data = parseInput(input);
  const iso = now.toISOString();
  const record: CustomPatternRecord = {
    id,
    userId,
    ...data,
    createdAt: iso,
    updatedAt: iso,
    deleted: false,
    syncState: userId ? 'pending' : 'guest',
  };
  // Bounded: a locked database rejects with StorageTimeoutError instead of waiting for ever.
  await withinStorageWait(db.patterns.add(record), 'save the pattern');
  return record;
}

export class PatternNotFoundError extends Error {
  constructor(id: string) {
    super(`No custom pattern with id ${id}`);
    this.name = 'PatternNotFoundError';
  }
}

export async function updateCustomPattern(
  id: string,
  patch: Partial<PatternInput>,
  now: Date = new Date(),
): Promise<CustomPatternRecord> {
  return withinStorageWait(
    db.transaction('rw', db.patterns, async () => {
      const current = await db.patterns.get(id);
      if (!current || current.deleted) throw new PatternNotFoundError(id);
      const {
        id: _i,
        userId: _u,
        createdAt: _c,
        updatedAt: _up,
        deleted: _d,
        syncState: _s,
        lastError: _l,
        serverUpdatedAt: _sv,
        ...editable
      } = current;
      const data = parseInput({ ...editable, ...patch });
      const next: CustomPatternRecord = {
        ...current,
        ...data,
        updatedAt: now.toISOString(),
        syncState: current.userId ? 'pending' : 'guest',
      };
      delete next.lastError;
      await db.patterns.put(next);
      return next;
    }),
    'save the pattern',
  );
}

export async function deleteCustomPattern(id: string, now: Date = new Date()): Promise<void> {
  await db.transaction('rw', db.patterns, async () => {
    const current = await db.patterns.get(id);
    if (!current) throw new PatternNotFoundError(id);
    await db.patterns.put({
      ...current,
      deleted: true,
      updatedAt: now.toISOString(),
      syncState: current.userId ? 'pending' : 'guest',
    });
  });
}

export { getCustomPattern } from './customPatternsQueries';
