import { nextOfAll, nextOccurrence, reminderPath, reminderProblem, type Reminder } from '../domain/reminders/schedule';
import { notify } from '../ui/toast';

/**
 * The practice reminders of this device (docs/product.md § Reminders), kept in this
 * browser's storage for members and guests alike, and the in-app way they fire: while
 * Pneuma is open, a toast (and a system notification when the user allowed them) at each
 * reminder's local time. The calendar file and Web Push (src/features/reminders) fire with
 * the app closed.
 */

export const PRACTICE_REMINDERS_KEY = 'pneuma.practiceReminders';
const MAX_TIMEOUT_MS = 2_147_483_647;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function readPracticeReminders(): Reminder[] {
  try {
    const raw = localStorage.getItem(PRACTICE_REMINDERS_KEY);
    if (!raw) return [];
    const list = (JSON.parse(raw) as { reminders?: unknown }).reminders;
    return Array.isArray(list) ? (list as Reminder[]).filter((r) => r && reminderProblem(r) === null) : [];
  } catch {
    return [];
  }
}

export function writePracticeReminders(reminders: Reminder[]): void {
  try {
    if (reminders.length) localStorage.setItem(PRACTICE_REMINDERS_KEY, JSON.stringify({ reminders }));
    else localStorage.removeItem(PRACTICE_REMINDERS_KEY);
  } catch {
    // storage blocked: the reminders last as long as this tab
  }
  armPracticeReminders();
  for (const l of listeners) l();
}

export function onPracticeRemindersChange(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

function fire(): void {
  const now = Date.now();
  const tz = deviceTimeZone();
  // The reminder due now: the one whose occurrence after a minute ago is not after now.
  const due = readPracticeReminders().find((r) => nextOccurrence(r, tz, now - 60_000) <= now);
  if (due) {
    const title = `Time to practice: ${due.patternName}`;
    const open = () => window.location.assign(reminderPath(due));
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      try {
        const n = new Notification(title, { body: 'Your practice reminder.', tag: `pneuma-reminder-${due.id}` });
        n.onclick = () => {
          window.focus();
          open();
        };
      } catch {
        // notifications only from the service worker here: the toast still shows
      }
    }
    void notify.info(title, { description: 'Your practice reminder.', duration: 60_000, action: { label: 'Start', onClick: open } });
  }
  armPracticeReminders(now + 1000);
}

/** Starts (or restarts) the in-app timer for the next stored reminder. */
export function armPracticeReminders(afterMs = Date.now()): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const reminders = readPracticeReminders();
  if (!reminders.length) return;
  const next = nextOfAll(reminders, deviceTimeZone(), afterMs);
  if (next === null) return;
  timer = setTimeout(fire, Math.min(MAX_TIMEOUT_MS, Math.max(0, next - Date.now())));
}
