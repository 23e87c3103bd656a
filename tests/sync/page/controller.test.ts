import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/data/db';
import { SyncController, type SyncControllerOptions } from '../../../src/sync/page/syncController';
import { loadSyncConfig } from '../../../src/sync/syncConfig';
import { handleOutboxSync } from '../../../src/sync/syncEventHandler';
import { FakeRest } from '../fakeRest';
import { config, makeSession } from '../helpers';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

function targets() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  return { win, doc };
}

async function until(cond: () => boolean | Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not met in time');
}

async function signIn(server: FakeRest) {
  const t = server.issue('user-a');
  await db.authSession.put({
    key: 'current',
    ...t,
    expiresAt: 2e9,
    userId: 'user-a',
    email: 'a@x.test',
  });
}

/** A controller on the fake server, with its own window and document. */
function controllerFor(server: FakeRest, extra: Partial<SyncControllerOptions> = {}) {
  const { win, doc } = targets();
  const c = new SyncController({
    getConfig: () => config,
    deps: { fetch: server.fetch },
    win,
    doc,
    ...extra,
  });
  return { c, win, doc };
}

/** A started controller of a signed-in user whose first run has finished, with a spy on its runs. */
async function runningController(server: FakeRest, extra: Partial<SyncControllerOptions> = {}) {
  await signIn(server);
  const { c, win, doc } = controllerFor(server, { debounceMs: 10, ...extra });
  const spy = vi.spyOn(c, 'run');
  const stop = c.start();
  await until(() => c.getSnapshot().lastRunAt !== null);
  return { c, spy, stop, win, doc };
}

describe('page sync triggers', () => {
  it('runs at start, stores the backend settings for the service worker, and uploads', async () => {
    const server = new FakeRest();
    await signIn(server);
    await db.sessions.bulkPut([makeSession({}, 1), makeSession({}, 2)]);
    const { c } = controllerFor(server);
    const stop = c.start();
    await until(() => server.rows.size === 2);
    await until(() => c.getSnapshot().lastResult?.status === 'done');
    expect(await loadSyncConfig()).toEqual(config);
    stop();
  });

  it('the online event, the page becoming visible and a new pending session each trigger a run', async () => {
    const server = new FakeRest();
    const { c, spy, stop, win, doc } = await runningController(server);
    // A session finishes while the app is open: uploaded without any other trigger.
    await db.sessions.put(makeSession({}, 3));
    await until(() => server.rows.size === 1);
    const before = spy.mock.calls.length;
    win.dispatchEvent(new Event('online'));
    expect(spy.mock.calls.length).toBe(before + 1);
    // Connectivity is back: back-off times are ignored.
    expect(spy.mock.calls.at(-1)?.[0]).toEqual({ force: true });
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(spy.mock.calls.length).toBe(before + 1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(spy.mock.calls.length).toBe(before + 2);
    stop();
    win.dispatchEvent(new Event('online'));
    expect(spy.mock.calls.length).toBe(before + 2);
    await until(() => !c.getSnapshot().running);
  });

  it("signing in triggers an upload of that user's pending sessions", async () => {
    const server = new FakeRest();
    await db.sessions.put(makeSession({}, 1));
    const { c } = controllerFor(server, { debounceMs: 10 });
    const stop = c.start();
    await until(() => c.getSnapshot().lastResult?.status === 'signed_out');
    await signIn(server);
    await until(() => server.rows.size === 1);
    stop();
    await until(() => !c.getSnapshot().running);
  });

  it('an upload that fails for lack of network registers Background Sync', async () => {
    const server = new FakeRest();
    await signIn(server);
    server.setFault(() => ({ kind: 'drop' }));
    await db.sessions.put(makeSession({}, 1));
    const registered = vi.fn(async () => true);
    const { c, win } = controllerFor(server, {
      deps: { fetch: server.fetch, isOnline: () => false },
      registerBackgroundSync: registered,
    });
    const stop = c.start();
    await until(() => registered.mock.calls.length === 1);
    expect(c.getSnapshot().lastResult).toMatchObject({
      status: 'retry_later',
      offline: true,
      remaining: 1,
    });
    // Offline: nothing polls (the online event or the sync event resumes).
    const runs = server.restCalls;
    await new Promise((r) => setTimeout(r, 1500));
    expect(server.restCalls).toBe(runs);
    // Back online: the event runs it (back-off ignored) and the session arrives.
    server.setFault(undefined);
    win.dispatchEvent(new Event('online'));
    await until(() => server.rows.size === 1);
    stop();
  });

  it('concurrent triggers share one run and then run once more', async () => {
    const server = new FakeRest();
    await signIn(server);
    await db.sessions.bulkPut(Array.from({ length: 5 }, (_, i) => makeSession({}, i)));
    const { c } = controllerFor(server);
    const [a, b] = await Promise.all([c.run(), c.run()]);
    expect(a).toBe(b);
    await until(() => !c.getSnapshot().running);
    expect(server.rows.size).toBe(5);
    expect(server.restCalls).toBe(1);
  });
});

describe('pulling what other devices changed', () => {
  it('every run pulls after uploading; every few minutes while visible, never while hidden', async () => {
    const server = new FakeRest();
    await signIn(server);
    const pulledTables: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      );
      // First the question which tables changed (this fake has no /api/sync/changes: every table is read).
      if ((!init?.method || init.method === 'GET') && url.pathname.startsWith('/rest/v1/'))
        pulledTables.push(url.pathname.replace('/rest/v1/', ''));
      return server.fetch(input, init);
    };
    const { c, doc } = controllerFor(server, { deps: { fetch }, pullIntervalMs: 40 });
    const spy = vi.spyOn(c, 'run');
    const stop = c.start();
    await until(() => c.getSnapshot().lastResult?.pull !== undefined);
    // this fake server has none of the tables: the pull says so and the run still ends done
    expect(c.getSnapshot().lastResult?.pull).toMatchObject({
      status: 'done',
      missing: [
        'sessions',
        'patterns',
        'programs',
        'user_favorites',
        'user_ratings',
        'user_preferences',
        'course_enrolments',
        'course_progress',
      ],
    });
    expect(pulledTables.slice(0, 6)).toEqual([
      'sessions',
      'patterns',
      'programs',
      'user_favorites',
      'user_ratings',
      'user_preferences',
    ]);
    await until(() => spy.mock.calls.length >= 3);
    doc.visibilityState = 'hidden';
    await new Promise((r) => setTimeout(r, 60));
    const hiddenCalls = spy.mock.calls.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(spy.mock.calls.length).toBe(hiddenCalls);
    stop();
    await until(() => !c.getSnapshot().running);
  });

  it('a new favourite, rating or preference triggers an upload soon; flushUploads does not pull', async () => {
    const { c, spy, stop } = await runningController(new FakeRest());
    const before = spy.mock.calls.length;
    await db.userFavorites.put({
      owner: 'user-a',
      patternId: 'box',
      addedAt: 1,
      updatedAt: new Date().toISOString(),
      deleted: false,
      syncState: 'pending',
    });
    await until(() => spy.mock.calls.length > before);
    await until(() => !c.getSnapshot().running);
    const flushed = await c.flushUploads();
    expect(flushed?.pull).toBeUndefined();
    stop();
  });
});

describe('service worker sync handler', () => {
  it('does nothing before the page stored the backend settings', async () => {
    expect(await handleOutboxSync()).toBeNull();
  });
  it('runs the outbox with the stored token and throws while something is left (browser retries)', async () => {
    const server = new FakeRest();
    await signIn(server);
    await db.sessions.put(makeSession({}, 1));
    const run = (c: typeof config) =>
      import('../../../src/sync/outbox').then((m) =>
        m.runOutbox(c, { fetch: server.fetch, sleep: async () => undefined, force: true }),
      );
    server.setFault(() => ({ kind: 'status', status: 503 }));
    await expect(handleOutboxSync({ loadConfig: async () => config, run })).rejects.toThrow(
      /1 sessions left/,
    );
    server.setFault(undefined);
    const r = await handleOutboxSync({ loadConfig: async () => config, run });
    expect(r).toMatchObject({ status: 'done', uploaded: 1 });
  });
  it('the sync event ignores back-off times (the browser fires it when connectivity is back)', async () => {
    const server = new FakeRest();
    await signIn(server);
    await db.sessions.put(makeSession({ attempts: 3, nextAttemptAt: Date.now() + 60_000 }, 1));
    await db.preferences.put({ key: 'syncConfig', value: config });
    const realFetch = globalThis.fetch;
    globalThis.fetch = server.fetch;
    try {
      const r = await handleOutboxSync();
      expect(r).toMatchObject({ status: 'done', uploaded: 1 });
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
