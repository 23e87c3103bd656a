import { z } from 'zod';
import { db, type CustomPatternRecord } from './db';

/**
 * Custom patterns made on /create. Validated here so every caller (the form, the import
 * of a data bundle) gets the same clear messages. Deleting is a soft delete (kept with
 * `deleted: true`) so the deletion can reach the server.
 */
export const patternCategories = ['stress', 'sleep', 'focus', 'energy'] as const;
export const patternDifficulties = ['Beginner', 'Intermediate', 'Advanced'] as const;

const phaseSeconds = (label: string) =>
  z
    .number({ error: `${label} must be a number of seconds` })
    .finite(`${label} must be a number of seconds`)
    .min(0, `${label} cannot be negative`)
    .max(60, `${label} can be at most 60 seconds`);

export const customPatternInputSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(80, 'Name can be at most 80 characters'),
    description: z.string().trim().max(500, 'Description can be at most 500 characters').default(''),
    inhale: phaseSeconds('Inhale').refine((v) => v > 0, 'Inhale must be longer than 0 seconds'),
    hold: phaseSeconds('Hold'),
    exhale: phaseSeconds('Exhale').refine((v) => v > 0, 'Exhale must be longer than 0 seconds'),
    hold_after_exhale: phaseSeconds('Hold after exhale'),
    category: z.enum(patternCategories, { error: 'Category must be stress, sleep, focus or energy' }).default('stress'),
    difficulty: z
      .enum(patternDifficulties, { error: 'Difficulty must be Beginner, Intermediate or Advanced' })
      .default('Beginner'),
    benefits: z.array(z.string().trim().min(1).max(120)).max(10, 'At most 10 benefits').default([]),
  })
  .strict();

export type CustomPatternInput = z.input<typeof customPatternInputSchema>;

export class PatternValidationError extends Error {
  constructor(public readonly issues: { field: string; message: string }[]) {
    super(issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; '));
    this.name = 'PatternValidationError';
  }
}

function parseInput(input: unknown) {
  const r = customPatternInputSchema.safeParse(input);
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
  input: CustomPatternInput,
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
  await db.patterns.add(record);
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
  patch: Partial<CustomPatternInput>,
  now: Date = new Date(),
): Promise<CustomPatternRecord> {
  return db.transaction('rw', db.patterns, async () => {
    const current = await db.patterns.get(id);
    if (!current || current.deleted) throw new PatternNotFoundError(id);
    const { id: _i, userId: _u, createdAt: _c, updatedAt: _up, deleted: _d, syncState: _s, lastError: _l, ...editable } = current;
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
  });
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

export { getCustomPattern, listCustomPatterns } from './customPatternsQueries';
