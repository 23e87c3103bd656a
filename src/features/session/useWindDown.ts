import { useCallback, useEffect } from 'react';
import { setPreference } from '../../data/preferencesRepo';
import { useLocalQuery } from '../../data/useLocalQuery';
import { rememberWindDown } from '../../data/windDownHint';
import { WIND_DOWN_ATTR } from '../../domain/prePaintScript';
import { windDownPatterns, withWindDown } from '../../domain/windDown';

/**
 * Wind-down mode for one pattern (docs/product.md § Sleep and sound): on when the person
 * switched it on for this pattern on this device (their preference `windDown`, a list of
 * pattern ids). While on, <html> carries `data-wind-down` (the low red theme), which the
 * pre-paint script already set from its hint when the page was opened; nothing changes
 * until the preferences are read, so the first paint's theme stays.
 */
export function useWindDown(patternId: string): {
  /** null until the preferences are read (the pre-paint hint decides meanwhile). */
  on: boolean | null;
  setOn: (on: boolean) => void;
} {
  const stored = useLocalQuery((d) => d.getPreferences(), []);
  const list = stored ? windDownPatterns(stored.windDown) : null;
  const on = list ? list.includes(patternId) : null;
  const key = list ? JSON.stringify(list) : null;

  useEffect(() => {
    if (key !== null) rememberWindDown(JSON.parse(key) as string[]);
  }, [key]);

  useEffect(() => {
    if (on === null) return;
    const root = document.documentElement;
    if (on) root.setAttribute(WIND_DOWN_ATTR, '');
    else root.removeAttribute(WIND_DOWN_ATTR);
    return () => root.removeAttribute(WIND_DOWN_ATTR);
  }, [on]);

  const setOn = useCallback(
    (next: boolean) => void setPreference('windDown', withWindDown(list ?? [], patternId, next)),
    [list, patternId],
  );
  return { on, setOn };
}
