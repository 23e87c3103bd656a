import { notify } from '../ui/toast';

/**
 * A local reminder to share a post at a chosen time (docs/product.md § Sharing and
 * community). Kept in this browser's storage; it fires while Pneuma is open in a tab
 * (a toast, plus a system notification when the user allowed them), or at the next
 * start if the time passed while the app was closed. It posts nothing by itself.
 */

export const SHARE_REMINDER_KEY = 'pneuma.shareReminder';

export interface ShareReminder {
  /** Epoch ms. */
  at: number;
  text: string;
  /** Set once it has fired: the share screen offers the text until the user acts. */
  fired?: boolean;
}

const MAX_TIMEOUT_MS = 2_147_483_647;
let timer: ReturnType<typeof setTimeout> | undefined;

export function readShareReminder(): ShareReminder | null {
  try {
    const raw = localStorage.getItem(SHARE_REMINDER_KEY);
    if (!raw) return null;
    const r = JSON.parse(raw) as Partial<ShareReminder>;
    if (typeof r.at !== 'number' || !Number.isFinite(r.at) || typeof r.text !== 'string') return null;
    return { at: r.at, text: r.text, fired: r.fired === true };
  } catch {
    return null;
  }
}

function write(r: ShareReminder | null): void {
  try {
    if (r) localStorage.setItem(SHARE_REMINDER_KEY, JSON.stringify(r));
    else localStorage.removeItem(SHARE_REMINDER_KEY);
  } catch {
    // storage blocked: the reminder lasts as long as this tab
  }
}

function fire(): void {
  const r = readShareReminder();
  if (!r || r.fired) return;
  if (r.at > Date.now()) {
    armShareReminder();
    return;
  }
  write({ ...r, fired: true });
  const open = () => window.location.assign('/create-post');
  const title = 'Time to share your post';
  const body = 'You planned to share your breathing progress now.';
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    try {
      const n = new Notification(title, { body, tag: 'pneuma-share-reminder' });
      n.onclick = () => {
        window.focus();
        open();
      };
    } catch {
      // notifications only from the service worker on this platform: the toast still shows
    }
  }
  void notify.info(title, { description: body, duration: 60_000, action: { label: 'Open', onClick: open } });
}

/** Starts (or restarts) the timer for the stored reminder. */
export function armShareReminder(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const r = readShareReminder();
  if (!r || r.fired) return;
  timer = setTimeout(fire, Math.min(MAX_TIMEOUT_MS, Math.max(0, r.at - Date.now())));
}

export function setShareReminder(at: number, text: string): ShareReminder {
  const r: ShareReminder = { at, text };
  write(r);
  armShareReminder();
  return r;
}

export function clearShareReminder(): void {
  write(null);
  armShareReminder();
}
