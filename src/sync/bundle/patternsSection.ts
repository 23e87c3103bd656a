import { z } from 'zod';
import type { CustomPatternRecord } from '../../data/db';
import { patternSchema } from '../../domain/patternSchema';
import type { BundleSection } from './bundleSection';
import { storedRowFields } from './storedRowFields';

/**
 * Custom patterns in the data file (their entry: ../syncedTables.ts). A pattern follows the
 * domain's patternSchema, like the create form. One already here is replaced by the file's
 * only when the file's is newer (then, if the device's had an owner, it goes up again).
 */
const bundlePatternSchema = patternSchema
  .extend({ ...storedRowFields, lastError: z.string().optional() })
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
