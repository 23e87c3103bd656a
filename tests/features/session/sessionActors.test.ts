import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { db } from '../../../src/data/db';
import { getFlag, setFlag } from '../../../src/data/flagsRepo';
import { listRecentPatterns } from '../../../src/data/patternUsageRepo';
import { getSession } from '../../../src/data/sessionsRepo';
import { choosePattern, sessionConfigFor } from '../../../src/domain/patternChoice';
import { buildSessionRecord } from '../../../src/domain/sessionRecord';
import { readPractitioner, saveSession } from '../../../src/features/session/sessionActors';
import { STORAGE_TIMEOUT_MESSAGE, STORAGE_WAIT_MS } from '../../../src/data/storageWait';
import { engineClockFollowsFakeTime } from '../../support/engineClock';

/**
 * Another connection (a page WebKit keeps in its back/forward cache, issue #37) holds a
 * read of `sessions` that never finishes, until `release()`.
 */
async function holdSessionsStore(): Promise<{ release: () => void }> {
  const other = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('pneuma');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const store = other.transaction('sessions').objectStore('sessions');
  let held = true;
  const ask = () => {
    store.count().onsuccess = () => {
      if (held) ask();
    };
  };
  ask();
  return {
    release: () => {
      held = false;
      other.close();
    },
  };
}

const auth = vi.hoisted(() => ({
  state: { status: 'signedOut', user: null as { id: string } | null, role: null, level: 'none' },
}));
vi.mock('../../../src/app/auth/authStore', () => ({ getAuthState: () => auth.state }));

const record = buildSessionRecord({
  id: 'rec-1',
  breathing: {
    activeMs: 40_000,
    cycleCount: 2,
    targetCycles: 10,
    completed: false,
    interruptedCycles: 0,
  },
  config: sessionConfigFor('classic', choosePattern({ urlParam: 'box' })),
  startEpochMs: 1_000,
  endEpochMs: 45_000,
  userId: null,
  vision: null,
});

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  auth.state = { status: 'signedOut', user: null, role: null, level: 'none' };
});

describe('session feature actors', () => {
  it('saveSession stores the record, sets the first-session flag and marks the pattern used', async () => {
    await toPromise(createActor(saveSession, { input: { record } }).start());
    expect(await getSession('rec-1')).toEqual(record);
    expect(await getFlag('hasCompletedSession')).toBe(true);
    expect(await listRecentPatterns()).toEqual([{ patternId: 'box', usedAt: 45_000 }]);
  });

  it('readPractitioner: a guest before any session, then a signed-in user', async () => {
    expect(await toPromise(createActor(readPractitioner).start())).toEqual({
      userId: null,
      hasCompletedSession: false,
    });
    await setFlag('hasCompletedSession', true);
    auth.state = { status: 'signedIn', user: { id: 'u1' }, role: null, level: 'none' };
    expect(await toPromise(createActor(readPractitioner).start())).toEqual({
      userId: 'u1',
      hasCompletedSession: true,
    });
  });

  it('readPractitioner: while auth is still loading the person counts as a guest', async () => {
    auth.state = { status: 'loading', user: { id: 'u1' }, role: null, level: 'none' };
    expect(await toPromise(createActor(readPractitioner).start())).toMatchObject({ userId: null });
  });

  it('saveSession: a store held by another page fails in STORAGE_WAIT_MS with a message; the retry stores it once', async () => {
    await db.open();
    const holder = await holdSessionsStore();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    engineClockFollowsFakeTime();
    try {
      const first = toPromise(createActor(saveSession, { input: { record } }).start()).catch(
        (e: unknown) => e,
      );
      await vi.advanceTimersByTimeAsync(STORAGE_WAIT_MS);
      const error = await first;
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(STORAGE_TIMEOUT_MESSAGE);
    } finally {
      vi.useRealTimers();
    vi.unstubAllGlobals();
    }
    holder.release();
    // The machine keeps the record and sends it again on Try Again (machines/session.ts).
    await toPromise(createActor(saveSession, { input: { record } }).start());
    expect(await getSession('rec-1')).toEqual(record);
    expect(await db.sessions.count()).toBe(1);
  });
});
