/**
 * Time and ids as the session machine sees them. Both come in through the machine's
 * input, so tests pass a fake clock and a fixed id; these are only the defaults.
 */

export interface SessionClock {
  /** Monotonic ms (performance.now): breath timing, pauses, holds. */
  now(): number;
  /** Wall-clock epoch ms (Date.now): the stored start and end of a session. */
  epochNow(): number;
}

/** Makes the client-side id of a finished session (the idempotency key of its upload). */
export type SessionIdGenerator = () => string;

export const systemClock: SessionClock = {
  now: () => performance.now(),
  epochNow: () => Date.now(),
};

export const randomSessionId: SessionIdGenerator = () => crypto.randomUUID();
