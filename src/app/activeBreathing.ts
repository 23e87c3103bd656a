/**
 * Whether the breath guide is running on this page right now (the active session screen
 * marks it while it is shown). Read by app-wide controls, such as the desktop panel's
 * keyboard shortcuts, that must leave the session's own keys to it. Not the same as
 * serviceWorker/sessionGuard, which also covers the countdown and the completion.
 */
let active = false;

export function markBreathingActive(on: boolean): void {
  active = on;
}

export function isBreathingActive(): boolean {
  return active;
}
