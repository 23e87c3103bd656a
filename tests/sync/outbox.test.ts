import { afterEach, describe, expect, it } from 'vitest';
import { PneumaDatabase } from '../../src/data/db';
import { runOutbox, runOutboxUnlockedForTests } from '../../src/sync/outbox';
import { toSessionRow } from '../../src/sync/rows/sessionRow';
import { delayBeforeRetry } from '../../src/domain/retry';
import { INVALID_START_TIME, REFRESH_FAILED } from '../../src/sync/messages';
import { FakeRest } from './fakeRest';
import { config, fakeClock, freshDb, makeSession } from './helpers';

const opened: PneumaDatabase[] = [];
function setup(n: number, over = {}) {
  const db = freshDb();
  opened.push(db);
  const server = new FakeRest();
  const clock = fakeClock();
  const sessions = Array.from({ length: n }, (_, i) => makeSession(over, i));
  return { db, server, clock, sessions };
}
async function signIn(db: PneumaDatabase, server: FakeRest, userId = 'user-a') {
  const t = server.issue(userId);
  await db.authSession.put({ key: 'current', ...t, expiresAt: 2_000_000_000, userId, email: `${userId}@x.test` });
  return t;
}
afterEach(async () => {
  for (const d of opened.splice(0)) {
    d.close();
    await d.delete();
  }
});

describe('outbox', () => {
  it('uploads pending sessions in batches as idempotent upserts and marks them synced', async () => {
    const { db, server, clock, sessions } = setup(120);
    await db.sessions.bulkPut(sessions);
    await signIn(db, server);
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep, batchSize: 50 });
    expect(r).toMatchObject({ status: 'done', uploaded: 120, remaining: 0, failed: 0 });
    expect(server.requests.map((q) => q.rows.length)).toEqual([50, 50, 20]);
    expect(server.requests[0]?.url).toContain('on_conflict=id');
    expect(server.requests[0]?.prefer).toContain('resolution=ignore-duplicates');
    expect(server.rows.size).toBe(120);
    const all = await db.sessions.toArray();
    expect(all.every((s) => s.syncState === 'synced' && s.syncedAt === clock.now())).toBe(true);
    expect((await db.preferences.get('lastSyncTime'))?.value).toBe(clock.now());
    // A second run has nothing to send.
    const again = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(again.uploaded).toBe(0);
    expect(server.restCalls).toBe(3);
  });

  it('maps a session to the server row with the client id as key', () => {
    const s = makeSession({ restlessnessScore: 12.5, duration: 159.6 });
    const row = toSessionRow(s, 'user-a');
    expect(row).toMatchObject({
      id: s.id,
      user_id: 'user-a',
      pattern_id: 'box',
      pattern_name: 'Box Breathing',
      session_duration: 160,
      restlessness_score: 12.5,
      stillness_score: null,
      start_time: new Date(s.startTime).toISOString(),
      session_type: 'classic',
    });
  });

  it('uploads only the signed-in user pending sessions, never guest or other accounts', async () => {
    const { db, server, clock } = setup(0);
    await db.sessions.bulkPut([
      makeSession({}, 1),
      makeSession({ userId: null, syncState: 'guest' }, 2),
      makeSession({ userId: 'user-b' }, 3),
      makeSession({ syncState: 'failed', lastError: 'x' }, 4),
    ]);
    await signIn(db, server);
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(r.uploaded).toBe(1);
    expect(server.rows.size).toBe(1);
    expect(await db.sessions.where('syncState').equals('guest').count()).toBe(1);
  });

  it('does nothing while signed out', async () => {
    const { db, server, clock, sessions } = setup(3);
    await db.sessions.bulkPut(sessions);
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now });
    expect(r.status).toBe('signed_out');
    expect(server.restCalls).toBe(0);
  });

  it('401: refreshes the token once, stores the new pair, and retries', async () => {
    const { db, server, clock, sessions } = setup(3);
    await db.sessions.bulkPut(sessions);
    const first = await signIn(db, server);
    server.expire(first.accessToken);
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(r).toMatchObject({ status: 'done', uploaded: 3 });
    expect(server.refreshCalls).toBe(1);
    const stored = await db.authSession.get('current');
    expect(stored?.accessToken).not.toBe(first.accessToken);
    expect(stored?.refreshToken).not.toBe(first.refreshToken);
    expect(server.validTokens.has(stored!.accessToken)).toBe(true);
  });

  it('401 again after a refresh: stops, keeps sessions pending, refreshes only once', async () => {
    const { db, server, clock, sessions } = setup(3);
    await db.sessions.bulkPut(sessions);
    await signIn(db, server);
    server.setFault(() => ({ kind: 'status', status: 401, body: { message: 'JWT expired' } }));
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(r.status).toBe('auth_required');
    expect(server.refreshCalls).toBe(1);
    expect(server.restCalls).toBe(2);
    const all = await db.sessions.toArray();
    expect(all.every((s) => s.syncState === 'pending' && s.lastError === REFRESH_FAILED)).toBe(true);
  });

  it('401 with a revoked refresh token: auth_required, nothing lost', async () => {
    const { db, server, clock, sessions } = setup(2);
    await db.sessions.bulkPut(sessions);
    const t = await signIn(db, server);
    server.expire(t.accessToken);
    server.revokeRefreshTokens();
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(r.status).toBe('auth_required');
    expect(await db.sessions.where('syncState').equals('pending').count()).toBe(2);
  });

  it('404: keeps the sessions local only, never synced, never retried automatically', async () => {
    const { db, server, clock, sessions } = setup(2);
    await db.sessions.bulkPut(sessions);
    await signIn(db, server);
    server.setFault(() => ({ kind: 'status', status: 404, body: { message: 'relation "sessions" does not exist' } }));
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(r).toMatchObject({ status: 'done', localOnly: 2, uploaded: 0, remaining: 0 });
    const all = await db.sessions.toArray();
    expect(all.every((s) => s.syncState === 'local_only' && /404/.test(s.lastError ?? ''))).toBe(true);
    await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep, force: true });
    expect(server.restCalls).toBe(1);
  });

  it.each([500, 502, 503, 408, 429])('%i: backs off 1 s, 2 s, 4 s, then leaves the batch for later', async (status) => {
    const { db, server, clock, sessions } = setup(2);
    await db.sessions.bulkPut(sessions);
    await signIn(db, server);
    server.setFault(() => ({ kind: 'status', status }));
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(r.status).toBe('retry_later');
    expect(r.offline).toBe(false);
    expect(clock.slept).toEqual([1000, 2000, 4000]);
    expect(server.restCalls).toBe(4);
    const s = (await db.sessions.toArray())[0]!;
    expect(s).toMatchObject({ syncState: 'pending', attempts: 1 });
    expect(s.nextAttemptAt).toBe(clock.now() + delayBeforeRetry(1));
    // Not due yet: a normal run sends nothing; once due (or 'Sync now') it goes.
    server.setFault(undefined);
    await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(server.restCalls).toBe(4);
    clock.advance(delayBeforeRetry(1));
    const later = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(later).toMatchObject({ status: 'done', uploaded: 2, remaining: 0 });
  });

  it('recovers inside the run when the server comes back during back-off', async () => {
    const { db, server, clock, sessions } = setup(5);
    await db.sessions.bulkPut(sessions);
    await signIn(db, server);
    server.setFault(({ n }) => (n <= 2 ? { kind: 'status', status: 503 } : undefined));
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(r).toMatchObject({ status: 'done', uploaded: 5 });
    expect(clock.slept).toEqual([1000, 2000]);
  });

  it('back-off is capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => delayBeforeRetry(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('network error while the device is offline: stops at once and reports offline', async () => {
    const { db, server, clock, sessions } = setup(2);
    await db.sessions.bulkPut(sessions);
    await signIn(db, server);
    server.setFault(() => ({ kind: 'drop' }));
    const r = await runOutbox(config, {
      db,
      fetch: server.fetch,
      now: clock.now,
      sleep: clock.sleep,
      isOnline: () => false,
    });
    expect(r).toMatchObject({ status: 'retry_later', offline: true, remaining: 2 });
    expect(clock.slept).toEqual([]);
    expect((await db.sessions.toArray())[0]?.lastError).toMatch(/Network error/);
  });

  it('other 4xx: only the rejected row is marked failed with the server message; the rest sync', async () => {
    const { db, server, clock, sessions } = setup(5);
    sessions[2]!.cycleCount = -1;
    await db.sessions.bulkPut(sessions);
    await signIn(db, server);
    const bad = new FakeRest({
      rejectRow: (row) => (row.id === sessions[2]!.id ? 'new row violates check constraint "sessions_duration_check"' : undefined),
    });
    // Reuse the same tokens by signing in against the rejecting server.
    await signIn(db, bad);
    const r = await runOutbox(config, { db, fetch: bad.fetch, now: clock.now, sleep: clock.sleep });
    expect(r).toMatchObject({ status: 'done', uploaded: 4, failed: 1, remaining: 0 });
    const failed = await db.sessions.get(sessions[2]!.id);
    expect(failed?.syncState).toBe('failed');
    expect(failed?.lastError).toContain('check constraint');
    // Never looped: another run does not send it.
    const calls = bad.restCalls;
    await runOutbox(config, { db, fetch: bad.fetch, now: clock.now, sleep: clock.sleep, force: true });
    expect(bad.restCalls).toBe(calls);
    void server;
  });

  it('a 403 (row-level security) is a permanent failure for that item', async () => {
    const { db, server, clock, sessions } = setup(1);
    await db.sessions.bulkPut(sessions);
    await signIn(db, server);
    server.setFault(() => ({ kind: 'status', status: 403, body: { message: 'new row violates row-level security policy' } }));
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(r.failed).toBe(1);
    expect((await db.sessions.toArray())[0]).toMatchObject({ syncState: 'failed', lastError: '403: new row violates row-level security policy' });
  });

  it('skips a session with an invalid start time (kept local only, shown)', async () => {
    const { db, server, clock } = setup(0);
    await db.sessions.bulkPut([makeSession({ startTime: Number.NaN }, 1), makeSession({}, 2)]);
    await signIn(db, server);
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(r).toMatchObject({ uploaded: 1, skipped: 1 });
    const skipped = (await db.sessions.toArray()).find((s) => Number.isNaN(s.startTime));
    expect(skipped).toMatchObject({ syncState: 'local_only', lastError: INVALID_START_TIME });
  });

  it('page closed mid-batch: the write reached the server, the page never marked it; the replay stores nothing twice', async () => {
    const name = `closing-${Date.now()}`;
    const db1 = new PneumaDatabase(name);
    const server = new FakeRest();
    const clock = fakeClock();
    const sessions = Array.from({ length: 120 }, (_, i) => makeSession({}, i));
    await db1.sessions.bulkPut(sessions);
    await signIn(db1, server);
    // On the second batch the server commits, then the page dies before it can mark it.
    server.setFault(({ n }) => {
      if (n === 2) db1.close();
      return undefined;
    });
    await expect(
      runOutboxUnlockedForTests(config, { db: db1, fetch: server.fetch, now: clock.now, sleep: clock.sleep }),
    ).rejects.toThrow();
    expect(server.rows.size).toBe(100);
    server.setFault(undefined);
    // The page is opened again later.
    const db2 = new PneumaDatabase(name);
    opened.push(db2);
    expect(await db2.sessions.where('syncState').equals('pending').count()).toBe(70);
    const r = await runOutbox(config, { db: db2, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(r).toMatchObject({ status: 'done', uploaded: 70, remaining: 0 });
    expect(server.rows.size).toBe(120);
    expect(server.writes).toBe(120);
  });

  it('a lost response (server wrote, connection dropped) is replayed without a duplicate', async () => {
    const { db, server, clock, sessions } = setup(10);
    await db.sessions.bulkPut(sessions);
    await signIn(db, server);
    server.setFault(({ n }) => (n === 1 ? { kind: 'drop_after_write' } : undefined));
    const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep });
    expect(r).toMatchObject({ status: 'done', uploaded: 10 });
    expect(server.restCalls).toBe(2);
    expect(server.rows.size).toBe(10);
    expect(server.writes).toBe(10);
  });

  it('two runs racing (page and service worker) never duplicate a row', async () => {
    const { db, server, clock, sessions } = setup(80);
    await db.sessions.bulkPut(sessions);
    await signIn(db, server);
    const deps = { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep };
    await Promise.all([runOutboxUnlockedForTests(config, deps), runOutboxUnlockedForTests(config, deps)]);
    expect(server.rows.size).toBe(80);
    expect(server.writes).toBe(80);
    expect(await db.sessions.where('syncState').equals('synced').count()).toBe(80);
  });

  it('runOutbox serialises calls in one realm', async () => {
    const { db, server, clock, sessions } = setup(30);
    await db.sessions.bulkPut(sessions);
    await signIn(db, server);
    const deps = { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep };
    const [a, b] = await Promise.all([runOutbox(config, deps), runOutbox(config, deps)]);
    expect(a.uploaded + b.uploaded).toBe(30);
    expect(server.restCalls).toBe(1);
  });
});
