import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { isNoTracking, setNoTracking } from '../../../src/app/noTracking';
import { db } from '../../../src/data/db';
import { saveSession } from '../../../src/features/session/sessionActors';
import { requestSync } from '../../../src/sync/page/syncEngine';
import { makeSession } from '../../sync/helpers';

// The hand-over to sync is observed, not run: the real one loads the sync engine after the
// test has ended (an unhandled import after teardown in CI).
vi.mock('../../../src/sync/page/syncEngine', () => ({ requestSync: vi.fn() }));

/**
 * Practice without tracking at the session's save step (the actor the session machine
 * runs), on Dexie over fake-indexeddb: with the setting on, a finished session leaves no
 * row in any table; turning the setting on keeps the history already there. Does not
 * prove: the results screen's wording or the server side (e2e/habit.spec.ts checks both).
 */

beforeEach(async () => {
  vi.mocked(requestSync).mockClear();
  setNoTracking(false);
  await Promise.all(db.tables.map((t) => t.clear()));
});

async function save(record = makeSession({}, 1)) {
  await toPromise(createActor(saveSession, { input: { record } }).start());
  return record;
}

async function rowsEverywhere(): Promise<number> {
  const counts = await Promise.all(db.tables.map((t) => t.count()));
  return counts.reduce((a, b) => a + b, 0);
}

describe('practice without tracking', () => {
  it('off: the session, the recent pattern and the first-session flag are stored', async () => {
    const r = await save();
    expect(await db.sessions.get(r.id)).toBeTruthy();
    expect(await rowsEverywhere()).toBeGreaterThan(1);
    expect(requestSync).toHaveBeenCalledTimes(1);
  });

  it('on: nothing of the session is written to any table', async () => {
    setNoTracking(true);
    expect(isNoTracking()).toBe(true);
    await save();
    expect(await rowsEverywhere()).toBe(0);
    expect(requestSync).not.toHaveBeenCalled();
  });

  it('turning it on deletes no existing history', async () => {
    const kept = await save();
    const before = await rowsEverywhere();
    setNoTracking(true);
    await save(makeSession({}, 2));
    expect(await rowsEverywhere()).toBe(before);
    expect(await db.sessions.get(kept.id)).toBeTruthy();
  });
});
