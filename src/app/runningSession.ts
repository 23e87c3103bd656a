/**
 * Whether a breathing session is running on this page right now (the session screen
 * marks it while its breath loop runs). Read by app-wide controls, such as the desktop
 * panel's keyboard shortcuts, that must leave the session's own keys to it.
 */
let running = false;

export function markSessionRunning(on: boolean): void {
  running = on;
}

export function isSessionRunning(): boolean {
  return running;
}
