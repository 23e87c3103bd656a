/**
 * Every wait on IndexedDB along a user's path is bounded. An engine can leave the store
 * locked: WebKit keeps pages left while they started in its back/forward cache with their
 * transactions unfinished, and the live page's requests then wait with no end (issue #37).
 * A bounded wait rejects with StorageTimeoutError instead; callers show what happened and
 * offer a retry, and keep what they were storing in memory until it is stored.
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

/**
 * Resolves or rejects as `work` does, or rejects with StorageTimeoutError after `ms`.
 * The work itself is not cancelled (IndexedDB cannot be): a write that finishes later
 * still lands, so callers write idempotently (put by key).
 */
export function withinStorageWait<T>(
  work: PromiseLike<T>,
  what: string,
  ms: number = STORAGE_WAIT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StorageTimeoutError(what, ms)), ms);
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
