import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, makeSession } from './helpers';
import { signUp, startRealServer, supabase, type RealServer } from './realServer';
import { fromSupabaseSession } from '../../src/data/authSessionRepo';
import type { PneumaDatabase, SessionRecord } from '../../src/data/db';
import type { SessionVisionFigures } from '../../src/domain/visionSummary';
import { runOutbox } from '../../src/sync/outbox';
import { toVisionRow } from '../../src/sync/rows/visionRow';

/**
 * Camera summaries through the outbox to the real embedded backend: each goes to
 * POST /api/vision/sessions right after its session, once; a guest's goes after the
 * session is attached; a server without the endpoint keeps it on the device.
 */
let srv: RealServer;
const opened: PneumaDatabase[] = [];
beforeAll(async () => {
  srv = await startRealServer(18857);
});
afterAll(async () => {
  for (const d of opened) {
    d.close();
    await d.delete();
  }
  await srv?.stop();
});

const figures: SessionVisionFigures = {
  framesAnalysed: 230,
  averageStillness: 84,
  averageRestlessness: 16,
  faceDetectionRate: 98,
  postureScore: null,
  breathsPerMinute: 9.9,
  targetBreathsPerMinute: 10,
  phaseAccuracy: 64,
  rhythmConsistency: null,
  averageProcessingMs: 28,
};

const withCamera = (userId: string, over: Partial<SessionRecord> = {}) =>
  makeSession({
    userId,
    sessionType: 'enhanced',
    cameraUsed: true,
    stillnessScore: 84,
    restlessnessScore: 16,
    vision: figures,
    visionSessionId: crypto.randomUUID(),
    visionSyncState: 'pending',
    ...over,
  });

async function device(tag: string) {
  const db = freshDb();
  opened.push(db);
  const sb = supabase(srv.url, srv.anonKey);
  const session = await signUp(sb, tag);
  await db.authSession.put({ ...fromSupabaseSession(session), key: 'current', updatedBy: 'page' });
  const cfg = { supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey };
  const run = () => runOutbox(cfg, { db, sleep: async () => undefined });
  const summaries = async () => {
    const r = await fetch(`${srv.url}/api/vision/sessions?limit=100`, {
      headers: { apikey: srv.anonKey, authorization: `Bearer ${session.access_token}` },
    });
    return ((await r.json()) as { sessions: Record<string, unknown>[] }).sessions;
  };
  return { db, userId: session.user.id, run, summaries };
}

describe('camera summaries in the outbox', () => {
  it('go up once, right after their sessions, with "not measured" kept as null', async () => {
    const d = await device('vision-sync');
    const s = withCamera(d.userId);
    const classic = makeSession({ userId: d.userId }, 1);
    await d.db.sessions.bulkPut([s, classic]);
    const first = await d.run();
    expect(first.status).toBe('done');
    const stored = await d.summaries();
    expect(stored).toEqual([
      expect.objectContaining({
        id: s.visionSessionId,
        session_id: s.id,
        average_stillness: 84,
        posture_score: null,
        breaths_per_minute: 9.9,
      }),
    ]);
    expect((await d.db.sessions.get(s.id))?.visionSyncState).toBe('synced');
    expect((await d.db.sessions.get(classic.id))?.visionSyncState).toBeUndefined();
    await d.db.sessions.update(s.id, { visionSyncState: 'pending' }); // a replay
    await d.run();
    expect(await d.summaries()).toHaveLength(1);
  });

  it("a guest's summary goes up once its session belongs to the account", async () => {
    const d = await device('vision-guest');
    const s = withCamera(d.userId, { syncState: 'guest', visionSyncState: 'guest', userId: null });
    await d.db.sessions.put(s);
    await d.run();
    expect(await d.summaries()).toEqual([]);
    await d.db.sessions.update(s.id, { userId: d.userId, syncState: 'pending' }); // attached
    await d.run();
    expect((await d.summaries()).map((r) => r.id)).toEqual([s.visionSessionId]);
  });

  it('maps only numbers, clamped to what the server accepts', () => {
    const s = withCamera('u', {
      vision: { ...figures, averageStillness: 104, breathsPerMinute: Number.NaN },
    });
    const row = toVisionRow(s, 'u');
    expect(row).toMatchObject({
      average_stillness: 100,
      breaths_per_minute: null,
      session_id: s.id,
    });
    expect(
      Object.values(row).every((v) => v === null || typeof v === 'number' || typeof v === 'string'),
    ).toBe(true);
  });
});
