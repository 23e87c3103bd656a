import { parsePendingAction, type PendingAction } from '../../domain/authLevel';

/**
 * The action a gate asked for before sign-in, stored with its auth requirement and context
 * and cleared once taken: a gate stores it, the sign-in screen takes it after a successful
 * sign-in. Kept in sessionStorage: it belongs to this tab's visit.
 */
export const PENDING_ACTION_KEY = 'pneuma.pendingAction';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function storePendingAction(
  action: Omit<PendingAction, 'createdAt'>,
  now = Date.now(),
): void {
  storage()?.setItem(PENDING_ACTION_KEY, JSON.stringify({ ...action, createdAt: now }));
}

function peekPendingAction(now = Date.now()): PendingAction | null {
  const raw = storage()?.getItem(PENDING_ACTION_KEY);
  if (!raw) return null;
  try {
    return parsePendingAction(JSON.parse(raw), now);
  } catch {
    return null;
  }
}

export function clearPendingAction(): void {
  storage()?.removeItem(PENDING_ACTION_KEY);
}

/** Reads and clears: a pending action runs once. */
export function takePendingAction(now = Date.now()): PendingAction | null {
  const a = peekPendingAction(now);
  clearPendingAction();
  return a;
}
