import { z } from 'zod';
import { SYNC_STATES } from '../../data/db';

/**
 * The fields a stored custom pattern or program carries beside its definition, as the data
 * file may hold them (./patternsSection.ts, ./programsSection.ts): its id, owner, times,
 * tombstone and sync state.
 */
export const storedRowFields = {
  id: z.string().min(1, 'needs an id'),
  userId: z.string().min(1).nullish(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  deleted: z.boolean().optional(),
  syncState: z.enum(SYNC_STATES).optional(),
};
