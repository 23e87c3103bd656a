import { z } from 'zod';
import { SYNC_STATES, type CustomPatternRecord } from '../../data/db';
import { patternSchema } from '../../domain/patternSchema';
import type { BundleSection } from './bundleSection';

/**
 * Custom patterns in the data file (their entry: ../syncedTables.ts). A pattern follows the
 * domain's patternSchema, like the create form. One already here is replaced by the file's
 * only when the file's is newer (then, if the device's had an owner, it goes up again).
 */
const bundlePatternSchema = patternSchema
  .extend({
    id: z.string().min(1, 'needs an id'),
    userId: z.string().min(1).nullish(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    deleted: z.boolean().optional(),
    syncState: z.enum(SYNC_STATES).optional(),
    lastError: z.string().optional(),
  })
  .strip();

type BundlePattern = z.output<typeof bundlePatternSchema>;

export const patternsSection: BundleSection<CustomPatternRecord, BundlePattern> = {
  required: true,
  row: bundlePatternSchema,
  toLocal: async (rows, now) =>
    rows.map((p) => ({
      ...p,
      userId: p.userId ?? null,
      createdAt: p.createdAt ?? now.toISOString(),
      updatedAt: p.updatedAt ?? p.createdAt ?? now.toISOString(),
      syncState: p.syncState ?? (p.userId ? 'pending' : 'guest'),
    })),
  replaces: (incoming, current) =>
    incoming.updatedAt > current.updatedAt
      ? { ...incoming, syncState: current.userId ? 'pending' : incoming.syncState }
      : null,
};
