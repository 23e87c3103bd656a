import { describe, expect, it } from 'vitest';
import { runOutbox } from '../../src/sync/outbox';
import { FakeRest, type Fault } from './fakeRest';
import { config, fakeClock, freshDb, makeSession, mulberry32 } from './helpers';

describe('fault injection against the fake REST API', () => {
  it.each([1, 2, 3, 4, 5])('seed %i: 200 sessions, random 500s, drops and a 401 mid-run -> exactly 200 rows, 0 pending', async (seed) => {
    const rand = mulberry32(seed);
    const db = freshDb();
    const server = new FakeRest();
    const clock = fakeClock();
    await db.sessions.bulkPut(Array.from({ length: 200 }, (_, i) => makeSession({}, i)));
    const t = server.issue('user-a');
    await db.authSession.put({ key: 'current', ...t, expiresAt: 2e9, userId: 'user-a', email: 'a@x.test' });
    let expiredOnce = false;
    const seen = { s500: 0, drop: 0, dropAfterWrite: 0, s401: 0 };
    server.setFault(({ n }) => {
      if (!expiredOnce && n >= 3) {
        // The access token expires mid-run: the next request answers 401.
        expiredOnce = true;
        server.expireAll();
        seen.s401 += 1;
        return undefined;
      }
      const x = rand();
      let f: Fault | undefined;
      if (x < 0.25) f = { kind: 'status', status: 500 };
      else if (x < 0.4) f = { kind: 'drop' };
      else if (x < 0.5) f = { kind: 'drop_after_write' };
      if (f?.kind === 'status') seen.s500 += 1;
      if (f?.kind === 'drop') seen.drop += 1;
      if (f?.kind === 'drop_after_write') seen.dropAfterWrite += 1;
      return f;
    });
    let runs = 0;
    for (; runs < 100; runs++) {
      const r = await runOutbox(config, { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep, batchSize: 50 });
      if (r.status === 'done' && r.remaining === 0) break;
      // A later trigger (online event, Background Sync) once the back-off has passed.
      clock.advance(30_000);
    }
    expect(server.rows.size).toBe(200);
    expect(server.writes).toBe(200);
    expect(await db.sessions.where('syncState').equals('pending').count()).toBe(0);
    expect(await db.sessions.where('syncState').equals('synced').count()).toBe(200);
    expect(server.refreshCalls).toBe(1);
    // The run really met every fault class.
    expect(seen.s401).toBe(1);
    expect(seen.s500 + seen.drop + seen.dropAfterWrite).toBeGreaterThan(0);
    db.close();
    await db.delete();
  });
});
