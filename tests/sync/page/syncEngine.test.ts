import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/data/db';
import { saveAuthSession } from '../../../src/data/authSessionRepo';
import { startSyncEngine } from '../../../src/sync/page/syncEngine';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const settle = () => new Promise((r) => setTimeout(r, 50));
const signIn = (userId: string) =>
  saveAuthSession({ accessToken: 'a', refreshToken: 'r', expiresAt: 2e9, userId, email: `${userId}@x.test` });

describe('starting the page sync engine from main.tsx', () => {
  it('waits for a sign-in, then starts the engine once', async () => {
    const start = vi.fn();
    const stop = startSyncEngine(start);
    await settle();
    expect(start).not.toHaveBeenCalled(); // a guest: the engine does not even load
    await signIn('user-a');
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    await db.authSession.clear();
    await signIn('user-b');
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
    stop();
  });

  it('starts at once when someone is already signed in', async () => {
    await signIn('user-a');
    const start = vi.fn();
    const stop = startSyncEngine(start);
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    stop();
  });

  it('stopping before a sign-in means it never starts', async () => {
    const start = vi.fn();
    startSyncEngine(start)();
    await signIn('user-a');
    await settle();
    expect(start).not.toHaveBeenCalled();
  });
});
