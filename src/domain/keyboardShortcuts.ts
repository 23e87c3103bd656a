/**
 * The desktop panel's keyboard shortcuts (docs/product.md § Sessions, desktop panel):
 * the table, the key each action answers to, and the event the panel sends so the
 * session screen can act on it. Pure: no DOM listeners here.
 */
export const SHORTCUTS = [
  { key: 'Space', label: 'play/pause', action: 'toggle-play' },
  { key: 'F', label: 'fullscreen', action: 'fullscreen' },
  { key: 'M', label: 'mute', action: 'mute' },
  { key: 'Esc', label: 'exit', action: 'exit' },
  { key: 'P', label: 'picture-in-picture', action: 'pip' },
  { key: 'R', label: 'reset', action: 'reset' },
] as const;

export type ShortcutAction = (typeof SHORTCUTS)[number]['action'];

/** Window event the panel dispatches with `{ action }`; the running session listens. */
export const SHORTCUT_EVENT = 'pneuma:shortcut';

/** The parts of a key press the shortcuts read (a DOM KeyboardEvent has them). */
interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export function actionForKey(e: KeyPress): ShortcutAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case ' ':
      return 'toggle-play';
    case 'f':
    case 'F':
      return 'fullscreen';
    case 'm':
    case 'M':
      return 'mute';
    case 'Escape':
      return 'exit';
    case 'p':
    case 'P':
      return 'pip';
    case 'r':
    case 'R':
      return 'reset';
    default:
      return null;
  }
}

/**
 * Keys the running session screen answers itself (Space pause or resume, M sound,
 * F full screen): while a session runs the panel leaves them to it, so one key press
 * never acts twice. Esc stops the session there and still leaves focus mode and
 * picture-in-picture here; R reaches the session only through the panel. With no
 * session running Space, M and R do nothing: Space keeps its normal meaning (it scrolls
 * the page, presses a button).
 */
export function sessionOwnsKey(action: ShortcutAction, sessionRunning: boolean): boolean {
  return sessionRunning && (action === 'toggle-play' || action === 'mute' || action === 'fullscreen');
}
