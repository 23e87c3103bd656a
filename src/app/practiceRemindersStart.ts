/**
 * Arms the in-app practice reminders (src/app/practiceReminders.ts) when the app starts.
 * Their code loads only when reminders are stored (the same storage key).
 */
export function startPracticeReminders(): void {
  try {
    if (localStorage.getItem('pneuma.practiceReminders')) {
      void import('./practiceReminders').then((m) => m.armPracticeReminders());
    }
  } catch {
    // storage blocked: there are no stored reminders
  }
}
