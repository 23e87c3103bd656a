/**
 * A page kept in the back/forward cache with a transaction that never finishes (what
 * WebKit does to a page left while it starts, issue #37), in fake-indexeddb: two
 * connections to one database stand for the cached page and the live page.
 * Does not prove: that WebKit fires pagehide with `persisted` at that moment, nor that it
 * honours the abort of a page it suspends (e2e-engines/webkit-bfcache.test.mjs does).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PneumaDatabase } from '../../src/data/db';
import { followPageLifecycle, type PageEvents } from '../../src/data/connectionLifecycle';
import { StorageTimeoutError, withinStorageWait } from '../../src/data/storageWait';

type Listener = (event: { persisted?: boolean }) => void;

/** A window's pagehide and pageshow, fired by the test. */
function fakePage() {
  const listeners = new Map<string, Set<Listener>>();
  const target: PageEvents = {
    addEventListener: (type, l) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(l),
    removeEventListener: (type, l) => void listeners.get(type)?.delete(l),
  };
  const fire = (type: 'pagehide' | 'pageshow', persisted: boolean) =>
    listeners.get(type)?.forEach((l) => l({ persisted }));
  return { target, fire };
}

/**
 * A read of authSession and sessions that never ends, as a suspended page leaves it: it
 * goes through the database's own stack (like every Dexie read) and keeps asking.
 */
async function startEndlessRead(database: PneumaDatabase): Promise<{ stop: () => void; aborted: Promise<void> }> {
  await database.open();
  const tx = database.core.transaction(['authSession', 'sessions'], 'readonly') as unknown as IDBTransaction;
  let stopped = false;
  const store = tx.objectStore('authSession');
  const ask = () => {
    const req = store.get('current');
    req.onsuccess = () => {
      if (!stopped) ask();
    };
    req.onerror = () => undefined;
  };
  ask();
  const aborted = new Promise<void>((resolve) => tx.addEventListener('abort', () => resolve()));
  return { stop: () => (stopped = true), aborted };
}

const ROW = {
  key: 'current' as const,
  accessToken: 'a',
  refreshToken: 'r',
  expiresAt: 1,
  userId: 'u',
  email: 'u@example.test',
};

const opened: PneumaDatabase[] = [];
function database(name: string): PneumaDatabase {
  const d = new PneumaDatabase(name);
  opened.push(d);
  return d;
}

afterEach(async () => {
  for (const d of opened.splice(0)) d.close();
});

describe('the connection follows the page (pagehide / pageshow)', () => {
  it('without it, a cached page’s unfinished read holds the live page’s write (the bug)', async () => {
    const cached = database('lifecycle-bug');
    const live = database('lifecycle-bug');
    const endless = await startEndlessRead(cached);
    await expect(withinStorageWait(live.authSession.put(ROW), 'store', 300)).rejects.toBeInstanceOf(
      StorageTimeoutError,
    );
    endless.stop();
  });

  it('pagehide of a page that may be cached aborts its transactions and closes; the live page writes', async () => {
    const page = fakePage();
    const cached = database('lifecycle-fix');
    followPageLifecycle(cached, page.target);
    const live = database('lifecycle-fix');
    const endless = await startEndlessRead(cached);
    const write = withinStorageWait(live.authSession.put(ROW), 'store', 2000);
    page.fire('pagehide', true);
    await endless.aborted;
    await expect(write).resolves.toBe('current');
    expect(cached.isOpen()).toBe(false);
    expect(await live.authSession.get('current')).toMatchObject({ userId: 'u' });
    endless.stop();
  });

  it('pageshow opens the connection again and the page reads as before', async () => {
    const page = fakePage();
    const cached = database('lifecycle-show');
    followPageLifecycle(cached, page.target);
    await cached.authSession.put(ROW);
    page.fire('pagehide', true);
    expect(cached.isOpen()).toBe(false);
    page.fire('pageshow', true);
    await expect(cached.authSession.get('current')).resolves.toMatchObject({ userId: 'u' });
    expect(cached.isOpen()).toBe(true);
  });

  it('a page that is going for good (not persisted) keeps its work', async () => {
    const page = fakePage();
    const leaving = database('lifecycle-unload');
    followPageLifecycle(leaving, page.target);
    const write = leaving.authSession.put(ROW);
    page.fire('pagehide', false);
    await expect(write).resolves.toBe('current');
    expect(leaving.isOpen()).toBe(true);
  });

  it('stops following when asked', async () => {
    const page = fakePage();
    const d = database('lifecycle-stop');
    const stop = followPageLifecycle(d, page.target);
    await d.open();
    stop();
    page.fire('pagehide', true);
    expect(d.isOpen()).toBe(true);
  });
});
