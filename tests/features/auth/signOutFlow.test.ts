import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cancelSignOut,
  confirmSignOut,
  signOutStateForTests as getSignOutState,
  resetSignOutForTests,
  startSignOut,
  type SignOutDeps,
} from '../../../src/features/auth/signOutFlow';
import { describeUnsynced, unsyncedMessage } from '../../../src/features/auth/SignOutDialog';
import { emptyOutboxResult, type OutboxResult } from '../../../src/sync/outboxResult';

afterEach(() => resetSignOutForTests());

const none = { sessions: 0, other: 0, total: 0 };
const some = { sessions: 2, other: 1, total: 3 };

function deps(over: Partial<SignOutDeps> = {}): SignOutDeps & { finish: ReturnType<typeof vi.fn> } {
  return {
    userId: 'u1',
    flush: vi.fn(async () => emptyOutboxResult()),
    count: vi.fn(async () => none),
    finish: vi.fn(async () => undefined),
    ...over,
  } as SignOutDeps & { finish: ReturnType<typeof vi.fn> };
}

describe('sign-out flow', () => {
  it('uploads first and signs out at once when nothing is left behind', async () => {
    const d = deps();
    await startSignOut(d);
    expect(d.flush).toHaveBeenCalledOnce();
    expect(d.count).toHaveBeenCalledWith('u1');
    expect(d.finish).toHaveBeenCalledOnce();
    expect(getSignOutState()).toEqual({ step: 'idle' });
  });

  it('asks when changes could not be uploaded; staying signed in changes nothing', async () => {
    const d = deps({
      flush: vi.fn(async () => ({ ...emptyOutboxResult('retry_later'), offline: true })),
      count: vi.fn(async () => some),
    });
    await startSignOut(d);
    expect(getSignOutState()).toEqual({
      step: 'confirm',
      userId: 'u1',
      unsynced: some,
      why: 'offline',
    });
    expect(d.finish).not.toHaveBeenCalled();
    cancelSignOut();
    expect(getSignOutState()).toEqual({ step: 'idle' });
    await confirmSignOut(); // nothing to confirm any more
    expect(d.finish).not.toHaveBeenCalled();
  });

  it('signs out when the user agrees to lose the changes', async () => {
    const d = deps({ count: vi.fn(async () => some) });
    await startSignOut(d);
    expect(getSignOutState().step).toBe('confirm');
    await confirmSignOut();
    expect(d.finish).toHaveBeenCalledOnce();
    expect(getSignOutState()).toEqual({ step: 'idle' });
  });

  it('does not wait forever for the upload', async () => {
    const d = deps({
      flush: () => new Promise(() => undefined),
      count: vi.fn(async () => some),
      timeoutMs: 10,
    });
    await startSignOut(d);
    expect(getSignOutState()).toMatchObject({ step: 'confirm', why: 'timeout' });
  });

  it('"Stay signed in" during the upload ends the flow; the late upload result asks nothing', async () => {
    let release: () => void = () => undefined;
    const d = deps({
      flush: () => new Promise((r) => (release = () => r(emptyOutboxResult()))),
      count: vi.fn(async () => some),
    });
    const running = startSignOut(d);
    expect(getSignOutState().step).toBe('uploading');
    cancelSignOut();
    release();
    await running;
    expect(getSignOutState()).toEqual({ step: 'idle' });
    expect(d.finish).not.toHaveBeenCalled();
  });

  it('signs a guest out without uploading; shows a failure to sign out', async () => {
    const d = deps({ userId: null });
    await startSignOut(d);
    expect(d.flush).not.toHaveBeenCalled();
    expect(d.finish).toHaveBeenCalledOnce();
    const broken = deps({
      finish: vi.fn(async () => Promise.reject(new Error('storage is full'))),
    });
    await startSignOut(broken);
    expect(getSignOutState()).toEqual({ step: 'failed', message: 'storage is full' });
  });

  it('names why changes were left behind', async () => {
    /** The reason the confirm step gives after an upload that ended so, with changes left. */
    const whyUnsynced = async (result: OutboxResult | null | 'timeout') => {
      resetSignOutForTests();
      const flush = result === 'timeout' ? () => new Promise<never>(() => undefined) : async () => result;
      await startSignOut(deps({ flush, count: vi.fn(async () => some), timeoutMs: 5 }));
      const s = getSignOutState();
      return s.step === 'confirm' ? s.why : `no confirm step (${s.step})`;
    };
    expect(await whyUnsynced('timeout')).toBe('timeout');
    expect(await whyUnsynced(null)).toBeNull();
    expect(await whyUnsynced(emptyOutboxResult('auth_required'))).toBe('expired');
    expect(await whyUnsynced({ ...emptyOutboxResult('retry_later'), offline: false })).toBe('server');
    expect(await whyUnsynced({ ...emptyOutboxResult('retry_later'), offline: true })).toBe('offline');
    expect(await whyUnsynced({ ...emptyOutboxResult(), failed: 1 })).toBe('refused');
    expect(await whyUnsynced({ ...emptyOutboxResult(), choicesFailed: 1 })).toBe('refused');
    expect(await whyUnsynced(emptyOutboxResult())).toBeNull();
  });

  it('says in words what would be lost', () => {
    expect(describeUnsynced({ sessions: 1, other: 0, total: 1 })).toBe('1 session');
    expect(describeUnsynced({ sessions: 0, other: 2, total: 2 })).toBe('2 changes');
    expect(describeUnsynced({ sessions: 2, other: 1, total: 3 })).toBe(
      '2 sessions and 1 other change',
    );
    expect(unsyncedMessage({ sessions: 1, other: 0, total: 1 }, 'offline')).toBe(
      '1 session made on this device has not reached your account yet because this device is offline. ' +
        'Signing out removes your data from this device, so you would lose it. Stay signed in to upload it later.',
    );
    expect(unsyncedMessage(some, null)).toMatch(
      /^2 sessions and 1 other change made on this device have not reached your account yet\. /,
    );
  });
});
