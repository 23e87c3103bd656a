import { useSyncExternalStore } from 'react';
import type { UnsyncedChanges } from '../../sync/personData';
import { withTimeout } from '../../domain/retry';
import type { OutboxResult } from '../../sync/outboxResult';
import { setSignOutActive } from './signOutActive';

/**
 * Signing out removes the user's data from this device (docs/product.md § Sync). So first
 * the pending changes are uploaded; if some cannot be (offline, expired sign-in, refused
 * by the server), the user chooses: stay signed in, or sign out and lose them.
 *
 * The flow's state lives here so one dialog (SignOutFlow, mounted once at the root) can
 * show it, whichever button (header, menu, profile) started it. This module loads when
 * someone signs out (./useSignOut); the first page load only carries ./signOutActive.
 */
export type WhyUnsynced = 'offline' | 'expired' | 'refused' | 'server' | 'timeout';

export type SignOutState =
  | { step: 'idle' }
  /** Uploading pending changes before signing out. */
  | { step: 'uploading' }
  /** Some changes could not be uploaded: the user decides. */
  | { step: 'confirm'; userId: string; unsynced: UnsyncedChanges; why: WhyUnsynced | null }
  | { step: 'signing-out' }
  | { step: 'failed'; message: string };

export interface SignOutDeps {
  userId: string | null;
  /** Uploads what is pending now (null when sync is not set up). */
  flush: () => Promise<OutboxResult | null>;
  count: (userId: string) => Promise<UnsyncedChanges>;
  /** Signs out and clears the device (and leaves gated pages). */
  finish: () => Promise<void>;
  /** Longest wait for the upload before asking anyway. */
  timeoutMs?: number;
}

/** How long sign-out waits for the upload before asking the user. */
const SIGN_OUT_UPLOAD_WAIT_MS = 20_000;

let state: SignOutState = { step: 'idle' };
let finishAfterConfirm: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function set(next: SignOutState): void {
  state = next;
  setSignOutActive(next.step !== 'idle');
  listeners.forEach((l) => l());
}

function getSignOutState(): SignOutState {
  return state;
}

export function useSignOutState(): SignOutState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSignOutState,
    getSignOutState,
  );
}

/** Why the upload left changes behind, from its result. */
function whyUnsynced(result: OutboxResult | null | 'timeout'): WhyUnsynced | null {
  if (result === 'timeout') return 'timeout';
  if (!result) return null;
  if (result.status === 'auth_required') return 'expired';
  if (result.status === 'retry_later') return result.offline ? 'offline' : 'server';
  if (
    result.failed > 0 ||
    result.patternsFailed > 0 ||
    (result.programsFailed ?? 0) > 0 ||
    result.choicesFailed > 0
  )
    return 'refused';
  return null;
}

class UploadTooSlow extends Error {}

/** The upload, or 'timeout' when it takes longer than `ms`. */
function uploadWithin(
  flush: Promise<OutboxResult | null>,
  ms: number,
): Promise<OutboxResult | null | 'timeout'> {
  return withTimeout(flush, ms, () => new UploadTooSlow()).catch((e: unknown) => {
    if (e instanceof UploadTooSlow) return 'timeout' as const;
    throw e;
  });
}

/** Starts signing out; does nothing while a sign-out is already under way. */
export async function startSignOut(deps: SignOutDeps): Promise<void> {
  if (state.step !== 'idle' && state.step !== 'failed') return;
  if (!deps.userId) return finishNow(deps.finish);
  set({ step: 'uploading' });
  let result: OutboxResult | null | 'timeout';
  try {
    result = await uploadWithin(deps.flush(), deps.timeoutMs ?? SIGN_OUT_UPLOAD_WAIT_MS);
  } catch {
    result = null; // the engine could not load or run: the count below decides
  }
  if (getSignOutState().step !== 'uploading') return; // the user chose to stay signed in meanwhile
  const unsynced = await deps.count(deps.userId);
  if (unsynced.total === 0) return finishNow(deps.finish);
  finishAfterConfirm = deps.finish;
  set({ step: 'confirm', userId: deps.userId, unsynced, why: whyUnsynced(result) });
}

/** "Sign out anyway": the unsynced changes are lost. */
export async function confirmSignOut(): Promise<void> {
  const finish = finishAfterConfirm;
  if (state.step !== 'confirm' || !finish) return;
  await finishNow(finish);
}

/** "Stay signed in" (or the dialog closed): nothing changes. */
export function cancelSignOut(): void {
  if (state.step === 'signing-out') return;
  finishAfterConfirm = null;
  set({ step: 'idle' });
}

async function finishNow(finish: () => Promise<void>): Promise<void> {
  set({ step: 'signing-out' });
  finishAfterConfirm = null;
  try {
    await finish();
    set({ step: 'idle' });
  } catch (e) {
    set({ step: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
}

/** Test hook: the state the dialog shows now (the app reads it through useSignOutState). */
export const signOutStateForTests = getSignOutState;

/** Test hook: back to the start. */
export function resetSignOutForTests(): void {
  finishAfterConfirm = null;
  set({ step: 'idle' });
}
