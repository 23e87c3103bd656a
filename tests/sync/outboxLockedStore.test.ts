/**
 * The outbox pass when another connection (a page WebKit keeps in its back/forward cache
 * with an unfinished write, issue #37) holds `authSession`: the pass ends after
 * STORAGE_WAIT_MS with 'retry later' instead of holding its lock with no end, and the
 * next pass, once the store is free, uploads everything. fake-indexeddb, fake timers.
 * Does not prove: the Web Locks path (Node has no navigator.locks; runOutbox queues in
 * one realm instead) nor the service worker's own connection.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PneumaDatabase } from '../../src/data/db';
import { STORAGE_TIMEOUT_MESSAGE, STORAGE_WAIT_MS } from '../../src/data/storageWait';
import { engineClockFollowsFakeTime } from '../support/engineClock';
import { runOutbox } from '../../src/sync/outbox';
import { FakeRest } from './fakeRest';
import { config, fakeClock, freshDb, makeSession } from './helpers';

/** A read-write transaction on `store` from another connection that never finishes until released. */
async function holdStore(database: PneumaDatabase, store: string): Promise<() => void> {
  const other = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(database.name);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const objectStore = other.transaction(store, 'readwrite').objectStore(store);
  let held = true;
  const ask = () => {
    objectStore.count().onsuccess = () => {
      if (held) ask();
    };
  };
  ask();
  return () => {
    held = false;
    other.close();
  };
}

const opened: PneumaDatabase[] = [];
afterEach(async () => {
  vi.useRealTimers();
    vi.unstubAllGlobals();
  for (const d of opened.splice(0)) {
    d.close();
    await d.delete();
  }
});

describe('outbox with a store another page holds', () => {
  it('ends the pass in STORAGE_WAIT_MS (retry later, nothing lost); the next pass uploads', async () => {
    const db = freshDb();
    opened.push(db);
    const server = new FakeRest();
    const clock = fakeClock();
    const t = server.issue('user-a');
    await db.authSession.put({ key: 'current', ...t, expiresAt: 2_000_000_000, userId: 'user-a', email: 'a@x.test' });
    await db.sessions.bulkPut([makeSession({}, 0), makeSession({}, 1)]);
    const release = await holdStore(db, 'authSession');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    engineClockFollowsFakeTime();
    const deps = { db, fetch: server.fetch, now: clock.now, sleep: clock.sleep };
    const held = runOutbox(config, deps);
    await vi.advanceTimersByTimeAsync(STORAGE_WAIT_MS);
    expect(await held).toMatchObject({ status: 'retry_later', uploaded: 0, error: STORAGE_TIMEOUT_MESSAGE });
    vi.useRealTimers();

    release();
    const next = await runOutbox(config, deps);
    expect(next).toMatchObject({ status: 'done', uploaded: 2, remaining: 0 });
  });
});
