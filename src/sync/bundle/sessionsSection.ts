import { z } from 'zod';
import { SYNC_STATES, type SessionRecord, type SyncState } from '../../data/db';
import { SESSION_MODES } from '../../domain/sessionModes';
import type { BundleSection } from './bundleSection';

/**
 * Finished sessions in the data file (its entry: ../syncedTables.ts). Import merges without
 * duplicating: the session id is the key, and ids that are not UUIDs (such as the older
 * `offline_...` ids) map to a stable UUID, so importing the same file twice adds nothing. A
 * session already on this device is left alone.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const timeValue = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const ms = typeof v === 'number' ? v : Date.parse(v);
  if (!Number.isFinite(ms) || ms <= 0) {
    ctx.addIssue({
      code: 'custom',
      message: 'is not a valid date (ISO text or epoch milliseconds)',
    });
    return z.NEVER;
  }
  return ms;
});

const optionalScore = z
  .number()
  .finite()
  .min(0)
  .max(100)
  .nullish()
  .transform((v) => v ?? undefined);

const bundleSessionSchema = z.object({
  id: z.string().min(1, 'needs an id'),
  userId: z.string().min(1).nullish(),
  patternId: z.string().min(1, 'needs a pattern id'),
  patternName: z.string().min(1, 'needs a pattern name'),
  sessionType: z.enum(SESSION_MODES).default('classic'),
  startTime: timeValue,
  endTime: timeValue.optional(),
  duration: z.number().finite().min(0, 'duration cannot be negative').default(5),
  cycleCount: z.number().int().min(0).default(0),
  targetCycles: z.number().int().min(0).default(10),
  completed: z.boolean().default(true),
  breathHoldTime: z
    .number()
    .finite()
    .min(0)
    .nullish()
    .transform((v) => v ?? undefined),
  restlessnessScore: optionalScore,
  stillnessScore: optionalScore,
  phaseAccuracy: optionalScore,
  rhythmConsistency: optionalScore,
  qualityScore: optionalScore,
  cameraUsed: z.boolean().default(false),
  aiUsed: z.boolean().default(false),
  visionSessionId: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
  createdAt: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'is not a valid date')
    .optional(),
  syncState: z.enum(SYNC_STATES).optional(),
  /** The older offline-session shape (ids prefixed offline_) used a boolean. */
  synced: z.boolean().optional(),
});

type BundleSession = z.output<typeof bundleSessionSchema>;

/** A stable UUID for an id that is not one (name-based, SHA-1, like UUID v5). */
async function stableUuid(id: string): Promise<string> {
  if (UUID_RE.test(id)) return id.toLowerCase();
  const bytes = new Uint8Array(
    await crypto.subtle.digest('SHA-1', new TextEncoder().encode(`pneuma-session:${id}`)),
  ).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Imported sessions that were not yet on the server become pending (the outbox only ever
 * uploads the signed-in user's own), and sessions without an owner become guest sessions
 * (offered for attaching like any other).
 */
function importedState(s: BundleSession, userId: string | null): SyncState {
  if (!userId) return 'guest';
  if (s.syncState === 'synced' || s.synced === true) return 'synced';
  if (s.syncState === 'local_only' || s.syncState === 'failed') return s.syncState;
  return 'pending';
}

async function toLocalSessions(rows: BundleSession[]): Promise<SessionRecord[]> {
  const sessions: SessionRecord[] = [];
  const seen = new Set<string>();
  for (const s of rows) {
    const id = await stableUuid(s.id);
    if (seen.has(id)) continue;
    seen.add(id);
    const userId = s.userId ?? null;
    const endTime = s.endTime ?? s.startTime + s.duration * 1000;
    const {
      synced: _synced,
      syncState: _state,
      userId: _user,
      id: _id,
      createdAt,
      endTime: _end,
      ...rest
    } = s;
    sessions.push({
      ...rest,
      id,
      userId,
      endTime,
      createdAt: createdAt ?? new Date(endTime).toISOString(),
      syncState: importedState(s, userId),
      attempts: 0,
    });
  }
  return sessions;
}

export const sessionsSection: BundleSection<SessionRecord, BundleSession> = {
  required: true,
  row: bundleSessionSchema,
  toLocal: toLocalSessions,
};
