/**
 * While a breathing session runs, nothing may reload the page (app updates wait).
 * The session screen calls setSessionRunning(true/false).
 */
let running = false;
const waiters = new Set<() => void>();

export function setSessionRunning(value: boolean): void {
  running = value;
  if (!value) {
    waiters.forEach((w) => w());
    waiters.clear();
  }
}

/** Resolves at once when no session runs, else when the running one ends. */
export function whenNoSessionRuns(): Promise<void> {
  if (!running) return Promise.resolve();
  return new Promise((resolve) => waiters.add(resolve));
}
