import { z } from 'zod';
import type { CustomProgramRecord } from '../../data/db';
import { programSchema } from '../../domain/programs/programSchema';
import type { BundleSection } from './bundleSection';
import { storedRowFields } from './storedRowFields';

/**
 * Custom programs in the data file (their entry: ../syncedTables.ts), added to the file
 * after the first exports: a file without them imports none. A deleted program's tombstone
 * is sync bookkeeping, not data to carry: it is neither written nor read back. Each program
 * is checked with THE program schema; one already on this device (same id, even a deleted
 * one) is left alone.
 */
const bundleProgramSchema = z
  .object(storedRowFields)
  .loose()
  .transform((row, ctx) => {
    const {
      id,
      userId,
      createdAt,
      updatedAt,
      deleted,
      syncState,
      lastError: _error,
      serverUpdatedAt: _server,
      ...definition
    } = row;
    const r = programSchema.safeParse(definition);
    if (!r.success) {
      for (const issue of r.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { ...r.data, id, userId, createdAt, updatedAt, deleted, syncState };
  });

type BundleProgram = z.output<typeof bundleProgramSchema>;

export const programsSection: BundleSection<CustomProgramRecord, BundleProgram> = {
  required: false,
  exports: (p) => !p.deleted,
  row: bundleProgramSchema,
  toLocal: async (rows, now) => {
    const programs: CustomProgramRecord[] = [];
    const ids = new Set<string>();
    for (const p of rows) {
      if (p.deleted || ids.has(p.id)) continue;
      ids.add(p.id);
      const { deleted: _deleted, syncState, userId: owner, ...rest } = p;
      const userId = owner ?? null;
      programs.push({
        ...rest,
        userId,
        createdAt: p.createdAt ?? now.toISOString(),
        updatedAt: p.updatedAt ?? p.createdAt ?? now.toISOString(),
        syncState: !userId ? 'guest' : syncState === 'synced' ? 'synced' : 'pending',
      });
    }
    return programs;
  },
};
