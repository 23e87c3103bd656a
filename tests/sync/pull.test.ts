import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import { db, GUEST_OWNER, type CustomPatternRecord, type PneumaDatabase } from '../../src/data/db';
import { fromSupabaseSession, saveRefreshedAuthSession } from '../../src/data/authSessionRepo';
import { runOutbox } from '../../src/sync/outbox';
import { createRunContext } from '../../src/sync/runContext';
import { pullChanges } from '../../src/sync/pull';
import { freshDb, makeSession } from './helpers';
import { signUp, startRealServer, supabase, type RealServer } from './realServer';

/**
 * Two devices of one user against the real embedded backend (Hono + PGlite with the
 * project's migrations and row-level security): each device is its own IndexedDB
 * (fake-indexeddb) running the same outbox-then-pull the page runs.
 */
let srv: RealServer;
beforeAll(async () => {
  srv = await startRealServer(18853);
});
afterAll(async () => {
  await srv?.stop();
});
beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const cfg = () => ({ supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey });
const noSleep = async () => undefined;

async function account(tag: string): Promise<Session> {
  return signUp(supabase(srv.url, srv.anonKey), tag);
}

/** A device signed in as the account, with its own database. */
async function device(
  session: Session,
  database: PneumaDatabase = freshDb(),
): Promise<PneumaDatabase> {
  await saveRefreshedAuthSession(fromSupabaseSession(session), 'page', database);
  return database;
}

const sync = (database: PneumaDatabase) =>
  runOutbox(cfg(), { db: database, sleep: noSleep, pull: true });

const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

function pattern(userId: string, over: Partial<CustomPatternRecord> = {}): CustomPatternRecord {
  return {
    id: crypto.randomUUID(),
    userId,
    name: 'Evening 4-6',
    description: '',
    inhale: 4,
    hold: 0,
    exhale: 6,
    hold_after_exhale: 0,
    category: 'sleep',
    difficulty: 'Beginner',
    benefits: ['sleep'],
    createdAt: iso(),
    updatedAt: iso(),
    deleted: false,
    syncState: 'pending',
    ...over,
  };
}

const meta = (owner: string, offsetMs = 0) => ({
  owner,
  syncState: 'pending' as const,
  updatedAt: iso(offsetMs),
  deleted: false,
});

describe('pull: every device of a user ends with the same data', () => {
  it('sessions, a pattern, a favourite, a rating and a preference made on A appear on B; nothing twice', async () => {
    const s = await account('pull-a');
    const userId = s.user.id;
    const a = await device(s);
    const b = await device(s);
    const sessions = Array.from({ length: 30 }, (_, i) =>
      makeSession({ userId, rhythmConsistency: 80 + (i % 20) }, i),
    );
    await a.sessions.bulkPut(sessions);
    const p = pattern(userId);
    await a.patterns.put(p);
    await a.userFavorites.put({ ...meta(userId), patternId: 'sleep', addedAt: 1 });
    await a.userRatings.put({ ...meta(userId), patternId: 'box', rating: 4, ratedAt: 2 });
    await a.userPreferences.put({ ...meta(userId), key: 'voiceEnabled', value: false });

    const ra = await sync(a);
    expect(ra).toMatchObject({
      status: 'done',
      uploaded: 30,
      patternsUploaded: 1,
      choicesUploaded: 3,
    });
    expect(ra.pull).toMatchObject({ status: 'done', missing: [] });

    const rb = await sync(b);
    expect(rb.pull).toMatchObject({ status: 'done', applied: 34 });
    expect(await b.sessions.count()).toBe(30);
    const pulled = await b.sessions.get(sessions[7]!.id);
    expect(pulled).toMatchObject({
      userId,
      patternId: 'box',
      duration: 160,
      breathHoldTime: 4,
      rhythmConsistency: sessions[7]!.rhythmConsistency,
      startTime: sessions[7]!.startTime,
      syncState: 'synced',
    });
    expect(pulled?.serverUpdatedAt).toMatch(/^\d{4}-/);
    expect(await b.patterns.get(p.id)).toMatchObject({
      name: 'Evening 4-6',
      exhale: 6,
      benefits: ['sleep'],
      syncState: 'synced',
    });
    expect(await b.userFavorites.get([userId, 'sleep'])).toMatchObject({
      deleted: false,
      syncState: 'synced',
    });
    expect(await b.userRatings.get([userId, 'box'])).toMatchObject({ rating: 4 });
    expect(await b.userPreferences.get([userId, 'voiceEnabled'])).toMatchObject({ value: false });

    // again, on both: nothing new, nothing doubled
    const again = await sync(b);
    expect(again.pull?.applied).toBe(0);
    expect((await sync(a)).pull?.status).toBe('done');
    expect(await a.sessions.count()).toBe(30);
    expect(await b.sessions.count()).toBe(30);
    expect(await b.syncCursors.where('userId').equals(userId).count()).toBe(5);
  });

  it('a deletion on B disappears on A (pattern tombstone, favourite removed)', async () => {
    const s = await account('pull-del');
    const userId = s.user.id;
    const a = await device(s);
    const b = await device(s);
    const p = pattern(userId);
    await a.patterns.put(p);
    await a.userFavorites.put({ ...meta(userId), patternId: 'box', addedAt: 1 });
    await sync(a);
    await sync(b);
    const onB = (await b.patterns.get(p.id))!;
    // B deletes both (what deleteCustomPattern and toggleFavorite write)
    await b.patterns.put({ ...onB, deleted: true, syncState: 'pending', updatedAt: iso(1) });
    const fav = (await b.userFavorites.get([userId, 'box']))!;
    await b.userFavorites.put({ ...fav, deleted: true, syncState: 'pending', updatedAt: iso(1) });
    expect((await sync(b)).choicesUploaded).toBe(1);
    await sync(a);
    expect(await a.patterns.get(p.id)).toBeUndefined();
    expect(await a.userFavorites.get([userId, 'box'])).toBeUndefined();
    // B's own tombstones are dropped once the server has stored them (the upload's answer)
    await sync(b);
    expect(await b.patterns.get(p.id)).toBeUndefined();
    expect(await b.userFavorites.get([userId, 'box'])).toBeUndefined();
  });

  it('a pattern edited offline on both devices ends as one version on both: the one uploaded last', async () => {
    const s = await account('pull-both');
    const userId = s.user.id;
    const a = await device(s);
    const b = await device(s);
    const p = pattern(userId, { name: 'Original' });
    await a.patterns.put(p);
    await sync(a);
    await sync(b);
    // both offline: each edits; A's clock is a day ahead and must not matter
    const onA = (await a.patterns.get(p.id))!;
    const onB = (await b.patterns.get(p.id))!;
    await a.patterns.put({
      ...onA,
      name: 'Edited on A',
      syncState: 'pending',
      updatedAt: iso(24 * 3600_000),
    });
    await b.patterns.put({ ...onB, name: 'Edited on B', syncState: 'pending', updatedAt: iso() });
    // A comes back first, then B; then each syncs once more
    await sync(a);
    expect((await a.patterns.get(p.id))?.name).toBe('Edited on A');
    await sync(b);
    expect((await b.patterns.get(p.id))?.name).toBe('Edited on B');
    await sync(a);
    for (const d of [a, b]) {
      expect(await d.patterns.count()).toBe(1);
      expect(await d.patterns.get(p.id)).toMatchObject({
        name: 'Edited on B',
        syncState: 'synced',
      });
    }
  });

  it('reads in small pages without skipping rows that share a stamp; resumes from the cursor', async () => {
    const s = await account('pull-pages');
    const userId = s.user.id;
    const a = await device(s);
    // 120 sessions in batches of 50: 50 rows share each server stamp
    await a.sessions.bulkPut(Array.from({ length: 120 }, (_, i) => makeSession({ userId }, i)));
    expect((await runOutbox(cfg(), { db: a, sleep: noSleep })).uploaded).toBe(120);
    const b = await device(s);
    const auth = (await b.authSession.get('current'))!;
    const ctx = createRunContext(cfg(), { sleep: noSleep }, b, auth);
    const first = await pullChanges(ctx, 7);
    expect(first).toMatchObject({ status: 'done', read: 120, applied: 120 });
    expect(await b.sessions.count()).toBe(120);
    // a later pull reads only the last moments again (the overlap), and changes nothing
    const second = await pullChanges(createRunContext(cfg(), { sleep: noSleep }, b, auth), 7);
    expect(second.applied).toBe(0);
    expect(second.read).toBeLessThanOrEqual(120);
  });

  it('stores nothing once the user has signed out meanwhile; another user sees none of it', async () => {
    const s = await account('pull-out');
    const other = await account('pull-other');
    const a = await device(s);
    await a.sessions.put(makeSession({ userId: s.user.id }, 1));
    await sync(a);
    const b = await device(s);
    const auth = (await b.authSession.get('current'))!;
    const ctx = createRunContext(cfg(), { sleep: noSleep }, b, auth);
    await b.authSession.clear();
    await pullChanges(ctx);
    expect(await b.sessions.count()).toBe(0);
    const c = await device(other);
    await sync(c);
    expect(await c.sessions.count()).toBe(0);
  });

  it('a guest row is never overwritten by a pull', async () => {
    const s = await account('pull-guest');
    const userId = s.user.id;
    const a = await device(s);
    await a.userFavorites.put({ ...meta(userId), patternId: 'box', addedAt: 1 });
    await sync(a);
    const b = await device(s);
    await b.userFavorites.put({
      ...meta(GUEST_OWNER),
      syncState: 'guest',
      patternId: 'box',
      addedAt: 9,
    });
    await sync(b);
    expect(await b.userFavorites.get([GUEST_OWNER, 'box'])).toMatchObject({
      addedAt: 9,
      syncState: 'guest',
    });
    expect(await b.userFavorites.get([userId, 'box'])).toMatchObject({ syncState: 'synced' });
  });
});
