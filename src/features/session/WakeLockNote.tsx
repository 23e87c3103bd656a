import type { WakeLockState } from './useWakeLock';

/** Said when the screen cannot be kept awake during a session (issue #37). */
const SCREEN_MAY_SLEEP_TEXT =
  'This browser cannot keep the screen awake, so it may dim and lock during the session. To keep it on, turn off auto-lock while you practice (iPhone: Settings, Display & Brightness, Auto-Lock; Android: Settings, Display, Screen timeout).';

/** A quiet line on the session screen when the Wake Lock is missing or refused. */
export function WakeLockNote({ state, className }: { state: WakeLockState; className?: string }) {
  if (state !== 'unsupported' && state !== 'refused') return null;
  return (
    <p
      className={['session-wake-note', className].filter(Boolean).join(' ')}
      role="note"
      data-testid="wake-lock-note"
    >
      {SCREEN_MAY_SLEEP_TEXT}
    </p>
  );
}
