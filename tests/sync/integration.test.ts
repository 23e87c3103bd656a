import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { db } from '../../src/data/db';
import { fromSupabaseSession, saveAuthSession } from '../../src/data/authSessionRepo';
import { runOutbox } from '../../src/sync/outbox';
import { createCustomPattern, deleteCustomPattern, updateCustomPattern } from '../../src/data/customPatternsRepo';
import { makeSession, mulberry32 } from './helpers';
import { signUp, startRealServer, supabase, type RealServer } from './realServer';

/**
 * The outbox against the real embedded backend (Hono + PGlite, the project's migrations,
 * row-level security), with supabase-js for sign-up and for reading back what arrived.
 */
let srv: RealServer;
beforeAll(async () => {
  srv = await startRealServer(18851);
});
afterAll(async () => {
  await srv?.stop();
});
beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const noSleep = async () => undefined;

async function signedIn(tag: string): Promise<{ sb: SupabaseClient; userId: string }> {
  const sb = supabase(srv.url, srv.anonKey);
  const session = await signUp(sb, tag);
  await saveAuthSession(fromSupabaseSession(session));
  return { sb, userId: session.user.id };
}

const cfg = () => ({ supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey });

async function serverRows(sb: SupabaseClient) {
  const { data, error } = await sb.from('sessions').select('*').order('start_time');
  if (error) throw new Error(error.message);
  return data as Record<string, unknown>[];
}

/** What a fault-injection run did to the requests (and how often the token was refreshed). */
interface Faults {
  s500: number;
  dropBefore: number;
  dropAfter: number;
  s401: number;
  refresh: number;
}

/**
 * Runs the outbox until the 200 sessions are up (at most 100 runs, 30 s apart on a fake
 * clock), then checks that each arrived exactly once, none is left pending or unsynced, and
 * every kind of fault happened (the one 401 answered by exactly one token refresh).
 */
async function drainThroughFaults(
  sb: SupabaseClient,
  config: { supabaseUrl: string; supabaseAnonKey: string },
  seen: Faults,
  report: { label: string; restCalls: () => number; fetch?: typeof fetch },
): Promise<void> {
  let clock = Date.now();
  let runs = 0;
  for (; runs < 100; runs++) {
    const r = await runOutbox(config, {
      ...(report.fetch ? { fetch: report.fetch } : {}),
      batchSize: 20,
      sleep: async (ms) => void (clock += ms),
      now: () => clock,
    });
    if (r.status === 'done' && r.remaining === 0) break;
    clock += 30_000;
  }
  const rows = await serverRows(sb);
  expect(rows).toHaveLength(200);
  expect(new Set(rows.map((r) => r.id)).size).toBe(200);
  expect(await db.sessions.where('syncState').equals('pending').count()).toBe(0);
  expect(await db.sessions.where('syncState').equals('synced').count()).toBe(200);
  expect(seen.s401).toBe(1);
  expect(seen.refresh).toBe(1);
  expect(seen.s500).toBeGreaterThan(0);
  expect(seen.dropBefore).toBeGreaterThan(0);
  expect(seen.dropAfter).toBeGreaterThan(0);
  console.log(`fault injection (${report.label}): ${runs + 1} runs, ${report.restCalls()} REST calls`, seen);
}

describe('outbox against the embedded backend', () => {
  it('uploads every pending session once; replays store nothing twice; supabase-js reads them back', async () => {
    const { sb, userId } = await signedIn('sync-a');
    const sessions = Array.from({ length: 120 }, (_, i) =>
      makeSession({ userId, restlessnessScore: i % 100, stillnessScore: 50, sessionType: 'enhanced', cameraUsed: true }, i),
    );
    await db.sessions.bulkPut(sessions);
    const r = await runOutbox(cfg(), { sleep: noSleep });
    expect(r).toMatchObject({ status: 'done', uploaded: 120, remaining: 0, failed: 0 });
    const rows = await serverRows(sb);
    expect(rows).toHaveLength(120);
    const first = rows[0]!;
    expect(first).toMatchObject({
      id: sessions[0]!.id,
      user_id: userId,
      pattern_id: 'box',
      pattern_name: 'Box Breathing',
      session_duration: 160,
      cycle_count: 10,
      target_cycles: 10,
      breath_hold_time: 4,
      restlessness_score: 0,
      stillness_score: 50,
      session_type: 'enhanced',
      camera_used: true,
      ai_used: false,
      completed: true,
    });
    expect(new Date(first.start_time as string).getTime()).toBe(sessions[0]!.startTime);

    // Replay: as if the page never learnt the uploads succeeded.
    await db.sessions.toCollection().modify({ syncState: 'pending' });
    const again = await runOutbox(cfg(), { sleep: noSleep });
    expect(again.uploaded).toBe(120);
    expect(await serverRows(sb)).toHaveLength(120);
  });

  it('an expired access token is refreshed once through the real Auth API, and the new pair is stored', async () => {
    const { sb, userId } = await signedIn('sync-b');
    const stored = await db.authSession.get('current');
    await db.authSession.update('current', { accessToken: `${stored!.accessToken}x` });
    await db.sessions.bulkPut([makeSession({ userId }, 1), makeSession({ userId }, 2)]);
    const r = await runOutbox(cfg(), { sleep: noSleep });
    expect(r).toMatchObject({ status: 'done', uploaded: 2 });
    const after = await db.authSession.get('current');
    expect(after?.accessToken).not.toBe(`${stored!.accessToken}x`);
    expect(after?.refreshToken).not.toBe(stored!.refreshToken);
    expect(await serverRows(sb)).toHaveLength(2);
  });

  it('the page path: refresh through supabase-js keeps its own session valid', async () => {
    const sb = supabase(srv.url, srv.anonKey);
    const session = await signUp(sb, 'sync-c');
    await sb.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    await saveAuthSession({ ...fromSupabaseSession(session), accessToken: 'not-a-jwt' });
    await db.sessions.put(makeSession({ userId: session.user.id }, 1));
    const r = await runOutbox(cfg(), {
      sleep: noSleep,
      refreshSession: async () => {
        const { data, error } = await sb.auth.refreshSession();
        return error || !data.session ? null : fromSupabaseSession(data.session);
      },
    });
    expect(r).toMatchObject({ status: 'done', uploaded: 1 });
    expect(await serverRows(sb)).toHaveLength(1);
  });

  it('a row the database refuses (check constraint) is marked failed with its message; the others arrive', async () => {
    const { sb, userId } = await signedIn('sync-d');
    const good = Array.from({ length: 4 }, (_, i) => makeSession({ userId }, i));
    const bad = makeSession({ userId, duration: 100_000 }, 9);
    await db.sessions.bulkPut([...good, bad]);
    const r = await runOutbox(cfg(), { sleep: noSleep });
    expect(r).toMatchObject({ uploaded: 4, failed: 1 });
    const row = await db.sessions.get(bad.id);
    expect(row?.syncState).toBe('failed');
    expect(row?.lastError).toMatch(/^400: .*check constraint/);
    expect(await serverRows(sb)).toHaveLength(4);
  });

  it('a storage quota reached (413) marks only the sessions over it failed, with the quota\'s own words', async () => {
    const { sb, userId } = await signedIn('sync-quota');
    await srv.db.query(`update pneuma_private.storage_quotas set max_rows = 3 where tbl = 'sessions'`);
    try {
      const sessions = Array.from({ length: 5 }, (_, i) => makeSession({ userId }, i));
      await db.sessions.bulkPut(sessions);
      const r = await runOutbox(cfg(), { sleep: noSleep });
      expect(r).toMatchObject({ uploaded: 3, failed: 2 });
      const failed = (await db.sessions.toArray()).filter((s) => s.syncState === 'failed');
      expect(failed).toHaveLength(2);
      for (const s of failed) expect(s.lastError).toBe('Storage quota reached: at most 3 sessions per account');
      expect(await serverRows(sb)).toHaveLength(3);
      // a permanent failure: the next run does not send them again
      expect(await runOutbox(cfg(), { sleep: noSleep })).toMatchObject({ uploaded: 0, failed: 0 });
    } finally {
      await srv.db.query(`update pneuma_private.storage_quotas set max_rows = 100000 where tbl = 'sessions'`);
    }
  });

  it('row-level security: sessions of another account are never sent with this token', async () => {
    const a = await signedIn('sync-e');
    await db.sessions.bulkPut([makeSession({ userId: a.userId }, 1), makeSession({ userId: 'b-not-me' }, 2)]);
    const r = await runOutbox(cfg(), { sleep: noSleep });
    expect(r.uploaded).toBe(1);
    expect(await serverRows(a.sb)).toHaveLength(1);
  });

  it('fault injection: 200 sessions, random 500s, dropped connections (before and after the write), a 401 mid-run -> exactly 200 rows, 0 pending', async () => {
    const { sb, userId } = await signedIn('sync-f');
    await db.sessions.bulkPut(Array.from({ length: 200 }, (_, i) => makeSession({ userId }, i)));
    const rand = mulberry32(42);
    const seen: Faults = { s500: 0, dropBefore: 0, dropAfter: 0, s401: 0, refresh: 0 };
    let restCalls = 0;
    const faulty: typeof fetch = async (input, init) => {
      const url = String(input);
      if (url.includes('/auth/v1/token')) {
        seen.refresh += 1;
        return fetch(input, init);
      }
      restCalls += 1;
      if (restCalls === 3) {
        // The token "expires" mid-run: this request carries a token the server rejects.
        seen.s401 += 1;
        const h = new Headers(init?.headers);
        h.set('Authorization', 'Bearer expired.token.value');
        return fetch(input, { ...init, headers: h });
      }
      const x = rand();
      if (x < 0.25) {
        seen.s500 += 1;
        return new Response(JSON.stringify({ message: 'injected 500' }), { status: 500 });
      }
      if (x < 0.4) {
        seen.dropBefore += 1;
        throw new TypeError('fetch failed');
      }
      if (x < 0.5) {
        seen.dropAfter += 1;
        await fetch(input, init); // the server commits...
        throw new TypeError('socket hang up'); // ...and the answer is lost
      }
      return fetch(input, init);
    };
    await drainThroughFaults(sb, cfg(), seen, { label: 'real server', restCalls: () => restCalls, fetch: faulty });
  });

  it('custom patterns: created, edited and deleted on the device reach the server, newest version wins', async () => {
    const { sb, userId } = await signedIn('sync-g');
    const a = await createCustomPattern({ name: 'Calm 5-5', inhale: 5, hold: 0, exhale: 5, hold_after_exhale: 0, benefits: ['calm'] }, { userId });
    const b = await createCustomPattern({ name: 'Deep', inhale: 4, hold: 7, exhale: 8, hold_after_exhale: 0, category: 'sleep' }, { userId });
    const guest = await createCustomPattern({ name: 'Guest only', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 }, { userId: null });
    const r1 = await runOutbox(cfg(), { sleep: noSleep });
    expect(r1).toMatchObject({ status: 'done', patternsUploaded: 2, patternsFailed: 0 });
    await updateCustomPattern(a.id, { exhale: 7 }, new Date(Date.now() + 1000));
    await deleteCustomPattern(b.id, new Date(Date.now() + 1000));
    const r2 = await runOutbox(cfg(), { sleep: noSleep });
    expect(r2.patternsUploaded).toBe(2);
    const { data, error } = await sb.from('patterns').select('id, name, exhale, deleted, benefits, category').order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: a.id, name: 'Calm 5-5', exhale: 7, deleted: false, benefits: ['calm'], category: 'stress' },
      { id: b.id, name: 'Deep', exhale: 8, deleted: true, benefits: [], category: 'sleep' },
    ]);
    expect((await db.patterns.get(guest.id))?.syncState).toBe('guest');
    expect((await db.patterns.get(a.id))?.syncState).toBe('synced');
  });

  it('fault injection at the TCP level: a proxy drops real connections (before and after the write), answers 500s and one 401 -> exactly 200 rows, 0 pending', async () => {
    const { sb, userId } = await signedIn('sync-h');
    await db.sessions.bulkPut(Array.from({ length: 200 }, (_, i) => makeSession({ userId }, i)));
    const rand = mulberry32(7);
    const seen: Faults = { s500: 0, dropBefore: 0, dropAfter: 0, s401: 0, refresh: 0 };
    let restCalls = 0;
    const proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          const body = Buffer.concat(chunks);
          const headers = new Headers();
          for (const [k, v] of Object.entries(req.headers)) {
            if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers.set(k, v);
          }
          const forward = () =>
            fetch(`${srv.url}${req.url}`, { method: req.method, headers, body: body.length ? body : undefined });
          let mode = 'pass';
          if (req.url?.startsWith('/auth/v1/token')) seen.refresh += 1;
          else {
            restCalls += 1;
            const x = rand();
            if (restCalls === 4) mode = '401';
            else if (x < 0.2) mode = '500';
            else if (x < 0.35) mode = 'dropBefore';
            else if (x < 0.5) mode = 'dropAfter';
          }
          if (mode === 'dropBefore') {
            seen.dropBefore += 1;
            req.socket.destroy();
            return;
          }
          if (mode === '500') {
            seen.s500 += 1;
            res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"injected"}');
            return;
          }
          if (mode === '401') {
            seen.s401 += 1;
            headers.set('authorization', 'Bearer not.a.valid-token');
          }
          const upstream = await forward();
          const text = await upstream.text();
          if (mode === 'dropAfter') {
            seen.dropAfter += 1; // the server committed; the answer never arrives
            req.socket.destroy();
            return;
          }
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' }).end(text);
        })();
      });
    });
    await new Promise<void>((r) => proxy.listen(18853, '127.0.0.1', () => r()));
    try {
      const viaProxy = { supabaseUrl: 'http://127.0.0.1:18853', supabaseAnonKey: srv.anonKey };
      await drainThroughFaults(sb, viaProxy, seen, { label: 'TCP proxy', restCalls: () => restCalls });
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  });
});
