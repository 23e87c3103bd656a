import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Full screen on request (a button, or F): the whole page, so the session and its
 * dialogs stay together. Leaving the session leaves full screen if the session entered it.
 */
export function useFullscreen(): { available: boolean; active: boolean; toggle: () => void } {
  const available = typeof document !== 'undefined' && Boolean(document.fullscreenEnabled);
  const [active, setActive] = useState(
    () => typeof document !== 'undefined' && document.fullscreenElement !== null,
  );
  const entered = useRef(false);

  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (entered.current && document.fullscreenElement)
        void document.exitFullscreen().catch(() => {});
    };
  }, []);

  const toggle = useCallback(() => {
    if (!available) return;
    if (document.fullscreenElement) {
      entered.current = false;
      void document.exitFullscreen().catch(() => {});
    } else {
      entered.current = true;
      void document.documentElement.requestFullscreen({ navigationUI: 'hide' }).catch(() => {
        entered.current = false;
      });
    }
  }, [available]);

  return { available, active, toggle };
}
