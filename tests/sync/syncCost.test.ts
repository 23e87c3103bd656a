/**
 * What one sync run costs, counted against the real embedded backend (Hono + PGlite with
 * the project's migrations): the HTTP requests the device sends and the rows it writes
 * in IndexedDB (Dexie hooks on every table). A sync run with nothing new on the server is
 * ONE request (GET /api/sync/changes); a finished session costs its upload, that question
 * and one page of sessions, and the upload's echo (the server stamp in the upload's
 * answer) makes the pulled copy of the session change nothing on the device; the same holds
 * for a custom pattern and a program.
 *
 * Not proved here: the cost against a Supabase backend, which has no /api/sync/changes
 * (every pulled table is read then: tests/sync/pull.test.ts covers that path's results),
 * nor timing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PneumaDatabase } from '../../src/data/db';
import { fromSupabaseSession, saveRefreshedAuthSession } from '../../src/data/authSessionRepo';
import { runOutbox } from '../../src/sync/outbox';
import { freshDb, makeSession } from './helpers';
import { signUp, startRealServer, supabase, type RealServer } from './realServer';

let srv: RealServer;
beforeAll(async () => {
  srv = await startRealServer(18861);
});
afterAll(async () => {
  await srv?.stop();
});

/** Counts requests (method and path) and local row writes (per table) from now on. */
function meter(database: PneumaDatabase) {
  const requests: string[] = [];
  const writes: Record<string, number> = {};
  const count = (table: string) => () => {
    writes[table] = (writes[table] ?? 0) + 1;
  };
  for (const t of database.tables) {
    t.hook('creating', count(t.name));
    t.hook('updating', count(t.name));
    t.hook('deleting', count(t.name));
  }
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(String(input));
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    return globalThis.fetch(input, init);
  };
  const reset = () => {
    requests.length = 0;
    for (const k of Object.keys(writes)) delete writes[k];
  };
  return { requests, writes, fetch, reset };
}

describe('sync cost', () => {
  it('a finished session: upload, one question, one page; the echo rewrites nothing; then a quiet run is one request', async () => {
    const session = await signUp(supabase(srv.url, srv.anonKey), 'cost');
    const database = freshDb();
    await saveRefreshedAuthSession(fromSupabaseSession(session), 'page', database);
    const m = meter(database);
    const sync = () =>
      runOutbox(
        { supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey },
        { db: database, fetch: m.fetch, pull: true, sleep: async () => undefined },
      );

    // A first run on a fresh account (pulls what there is: nothing).
    await sync();

    const s = makeSession({ userId: session.user.id });
    await database.sessions.add(s);
    m.reset();
    const result = await sync();
    expect(result.status).toBe('done');
    expect(result.uploaded).toBe(1);
    console.info(`finished session: ${m.requests.length} requests ${JSON.stringify(m.requests)}; local writes ${JSON.stringify(m.writes)}`);
    expect(m.requests).toEqual([
      'POST /rest/v1/sessions',
      'GET /api/sync/changes',
      'GET /rest/v1/sessions',
    ]);
    // The pulled copy of the uploaded session is not written again.
    expect(m.writes.sessions).toBe(1);
    expect(result.pull?.applied).toBe(0);

    m.reset();
    await sync();
    console.info(`no change: ${m.requests.length} requests ${JSON.stringify(m.requests)}; local writes ${JSON.stringify(m.writes)}`);
    expect(m.requests).toEqual(['GET /api/sync/changes']);
    expect(m.writes.sessions ?? 0).toBe(0);

    // An edited record (a favourite) echoes the same way: its pulled copy changes nothing.
    await database.userFavorites.put({
      owner: session.user.id,
      patternId: 'box',
      addedAt: Date.now(),
      updatedAt: new Date().toISOString(),
      deleted: false,
      syncState: 'pending',
    });
    m.reset();
    const fav = await sync();
    expect(m.requests).toEqual([
      'POST /rest/v1/user_favorites',
      'GET /api/sync/changes',
      'GET /rest/v1/user_favorites',
    ]);
    expect(fav.pull?.applied).toBe(0);
    expect(m.writes.userFavorites).toBe(1);
  });

  it('a custom pattern and a program echo too: their pulled copies change nothing, and an edit after the echo uploads again', async () => {
    const session = await signUp(supabase(srv.url, srv.anonKey), 'cost-p');
    const database = freshDb();
    await saveRefreshedAuthSession(fromSupabaseSession(session), 'page', database);
    const m = meter(database);
    const sync = () =>
      runOutbox(
        { supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey },
        { db: database, fetch: m.fetch, pull: true, sleep: async () => undefined },
      );
    await sync();
    const now = new Date().toISOString();
    const own = { userId: session.user.id, createdAt: now, updatedAt: now, deleted: false, syncState: 'pending' as const };
    await database.patterns.add({
      ...own,
      id: crypto.randomUUID(),
      name: 'Mine',
      description: '',
      inhale: 4,
      hold: 0,
      exhale: 6,
      hold_after_exhale: 0,
      category: 'stress',
      difficulty: 'Beginner',
      benefits: [],
    });
    await database.programs.add({
      ...own,
      id: crypto.randomUUID(),
      version: 1,
      name: 'Ladder',
      description: '',
      category: 'calm',
      segments: [
        { kind: 'breathe', phases: [{ phase: 'inhale', seconds: 4 }, { phase: 'exhale', seconds: 6 }], cycles: 5 },
      ],
    });
    m.reset();
    const result = await sync();
    console.info(`pattern + program: ${m.requests.length} requests ${JSON.stringify(m.requests)}; local writes ${JSON.stringify(m.writes)}`);
    expect(result.status).toBe('done');
    expect(m.requests).toEqual([
      'POST /rest/v1/patterns',
      'POST /rest/v1/programs',
      'GET /api/sync/changes',
      'GET /rest/v1/patterns',
      'GET /rest/v1/programs',
    ]);
    // Each is written once (marked synced with the server stamp); the pulled copies change nothing.
    expect(result.pull?.applied).toBe(0);
    expect(m.writes.patterns).toBe(1);
    expect(m.writes.programs).toBe(1);
    const [pattern] = await database.patterns.toArray();
    expect(pattern).toMatchObject({ syncState: 'synced', serverUpdatedAt: expect.any(String) });

    // A pattern edited after its echo (the record carries serverUpdatedAt) passes the schema and uploads.
    const { updateCustomPattern } = await import('../../src/data/customPatternsRepo');
    const { db: appDb } = await import('../../src/data/db');
    await appDb.patterns.put(pattern!);
    const edited = await updateCustomPattern(pattern!.id, { exhale: 7 });
    expect(edited).toMatchObject({ exhale: 7, syncState: 'pending', serverUpdatedAt: pattern!.serverUpdatedAt });
    await appDb.patterns.delete(pattern!.id);
  });

  it('a change made on another device is pulled by the next run of this one', async () => {
    const session = await signUp(supabase(srv.url, srv.anonKey), 'cost-b');
    const a = freshDb();
    const b = freshDb();
    for (const d of [a, b]) await saveRefreshedAuthSession(fromSupabaseSession(session), 'page', d);
    const run = (d: PneumaDatabase) =>
      runOutbox({ supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey }, { db: d, pull: true, sleep: async () => undefined });
    await run(b);
    await a.sessions.add(makeSession({ userId: session.user.id }));
    await run(a);
    const result = await run(b);
    expect(result.pull?.applied).toBe(1);
    expect(await b.sessions.count()).toBe(1);
  });
});
