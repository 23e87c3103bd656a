/**
 * Practice without tracking (docs/product.md § Practice without tracking): a setting of
 * this device. While it is on, a finished session is shown on the results screen and then
 * forgotten: nothing of it is written to the device's database (no session, no recent
 * pattern, no first-session flag) and so nothing is synced. Turning it on deletes nothing.
 */
const NO_TRACKING_KEY = 'pneuma.noTracking';
const listeners = new Set<() => void>();
/** The setting for this tab when the browser's storage cannot be used. */
let inTab = false;

export function isNoTracking(): boolean {
  try {
    return localStorage.getItem(NO_TRACKING_KEY) === '1';
  } catch {
    return inTab;
  }
}

export function setNoTracking(on: boolean): void {
  inTab = on;
  try {
    if (on) localStorage.setItem(NO_TRACKING_KEY, '1');
    else localStorage.removeItem(NO_TRACKING_KEY);
  } catch {
    // storage blocked: the setting cannot be kept
  }
  for (const l of listeners) l();
}

export function onNoTrackingChange(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
