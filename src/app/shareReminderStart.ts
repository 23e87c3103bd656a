/**
 * Re-arms a share reminder set on /create-post (src/app/shareReminder.ts) when the app
 * starts. Its code loads only when a reminder is stored (the same storage key).
 */
export function startShareReminder(): void {
  try {
    if (localStorage.getItem('pneuma.shareReminder')) {
      void import('./shareReminder').then((m) => m.armShareReminder());
    }
  } catch {
    // storage blocked: there is no stored reminder to re-arm
  }
}
