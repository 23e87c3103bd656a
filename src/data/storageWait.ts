/**
 * Every wait on IndexedDB along a user's path is bounded. An engine can leave the store
 * locked: WebKit keeps pages left while they started in its back/forward cache with their
 * transactions unfinished, and the live page's requests then wait with no end (issue #37).
 * A bounded wait rejects with StorageTimeoutError instead; callers show what happened and
 * offer a retry, and keep what they were storing in memory until it is stored.
 *
 * The bound is real time: a person waited that long. Timers can fire early by that measure
 * (a test's fake clock fast-forwarding past a save, which also fakes `performance.now` and
 * `Date`), so when the timer fires the wait is measured again on a clock that such doubles
 * leave alone, and a timer that fired early is armed again for what remains.
 */

/** How long a user's action waits for the local database before saying it could not. */
export const STORAGE_WAIT_MS = 8000;

/** Shown to the user when the device's storage did not answer in time. */
export const STORAGE_TIMEOUT_MESSAGE =
  'This device’s storage did not answer in time (another copy of Pneuma may be holding it). Nothing is lost: try again.';

export class StorageTimeoutError extends Error {
  constructor(readonly what: string, readonly ms: number) {
    super(STORAGE_TIMEOUT_MESSAGE);
    this.name = 'StorageTimeoutError';
  }
}

/** A monotonic clock in milliseconds. */
type MonotonicClock = () => number;

/**
 * The engine's own monotonic clock, read through a PerformanceMark's start time: a mark made
 * with `new` takes the time from the engine, not from `performance.now` (which Playwright's
 * and sinon's clocks replace), and is not added to the performance timeline. Falls back to
 * `performance.now`, then `Date.now`, where the constructor is missing (Safari before 15).
 */
const engineClock: MonotonicClock = () => {
  const Mark = (globalThis as { PerformanceMark?: new (name: string) => { startTime: number } })
    .PerformanceMark;
  if (typeof Mark === 'function') {
    try {
      return new Mark('pneuma-storage-wait').startTime;
    } catch {
      // an engine whose constructor throws: use the next clock
    }
  }
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
};

interface StorageWaitOptions {
  /** The bound; STORAGE_WAIT_MS unless given. */
  ms?: number;
  /** The clock the bound is measured on; engineClock unless given (tests give their own). */
  now?: MonotonicClock;
}

/**
 * Resolves or rejects as `work` does, or rejects with StorageTimeoutError once `ms` have
 * passed on the real clock with no answer. The work itself is not cancelled (IndexedDB
 * cannot be): a write that finishes later still lands, so callers write idempotently (put
 * by key).
 */
export function withinStorageWait<T>(
  work: PromiseLike<T>,
  what: string,
  options: StorageWaitOptions | number = {},
): Promise<T> {
  const { ms = STORAGE_WAIT_MS, now = engineClock } =
    typeof options === 'number' ? { ms: options } : options;
  return new Promise<T>((resolve, reject) => {
    const started = now();
    let timer: ReturnType<typeof setTimeout>;
    const arm = (delay: number) => {
      timer = setTimeout(() => {
        const waited = now() - started;
        // A timer that fired before the time really passed (a fake clock's jump) waits on.
        if (waited < ms) arm(Math.max(1, ms - waited));
        else reject(new StorageTimeoutError(what, ms));
      }, delay);
    };
    arm(ms);
    Promise.resolve(work).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
