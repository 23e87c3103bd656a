import { useEffect, useState } from 'react';

/**
 * Whether the screen is kept awake: 'held', 'unsupported' (no Screen Wake Lock API: Safari
 * on iOS before 18.4 in a browser tab, Firefox before 126), 'refused' (battery saver, or an
 * iOS home-screen app before 18.4) or 'idle' (not asked yet, or not active).
 */
export type WakeLockState = 'idle' | 'held' | 'unsupported' | 'refused';

/** Whether this browser has the Screen Wake Lock API at all. */
function wakeLockSupported(): boolean {
  return typeof navigator !== 'undefined' && 'wakeLock' in navigator && Boolean(navigator.wakeLock);
}

/** Keeps the screen awake while `active`; re-acquires the lock when the tab returns. */
export function useWakeLock(active: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>('idle');
  useEffect(() => {
    if (!active) return;
    if (!wakeLockSupported()) {
      setState('unsupported');
      return;
    }
    let sentinel: WakeLockSentinel | null = null;
    let cancelled = false;
    const acquire = async () => {
      if (cancelled || document.visibilityState !== 'visible' || (sentinel && !sentinel.released))
        return;
      try {
        sentinel = await navigator.wakeLock.request('screen');
        if (cancelled) void sentinel.release();
        else setState('held');
      } catch {
        // Refused (battery saver, not visible): the session still runs, and says so.
        if (!cancelled) setState('refused');
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisibility);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => {});
    };
  }, [active]);
  return state;
}
