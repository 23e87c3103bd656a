import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { setPreferences } from '../../data/preferencesRepo';
import { useLocalQuery } from '../../data/useLocalQuery';
import { rememberWindDown } from '../../data/windDownHint';
import { WIND_DOWN_ATTR } from '../../domain/prePaintScript';
import {
  windDownOn,
  windDownPatterns,
  withWindDown,
  type WindDownChoices,
} from '../../domain/windDown';

/**
 * Wind-down mode for one pattern or program (docs/product.md § Sleep and sound): the person's
 * own choice for it on this device (their preferences `windDown` and `windDownOff`, lists of
 * ids) wins; without one, an evening pattern (`evening`) opened in the evening band has it on
 * (domain/windDown's windDownOn, with the hour the page was opened at, so the switch never
 * moves under the person while they read). While on, <html> carries `data-wind-down` (the
 * low red theme), which the pre-paint script already set from its hint when the page was
 * opened; nothing changes until the preferences are read, so the first paint's theme stays.
 */
export function useWindDown(
  id: string,
  evening: boolean,
): {
  /** null until the preferences are read (the pre-paint hint decides meanwhile). */
  on: boolean | null;
  setOn: (on: boolean) => void;
} {
  const [openedAt] = useState(() => new Date());
  const stored = useLocalQuery((d) => d.getPreferences(), []);
  // The stored lists by their contents (each read of the preferences is a new object).
  const key = stored
    ? JSON.stringify({
        on: windDownPatterns(stored.windDown),
        off: windDownPatterns(stored.windDownOff),
      })
    : null;
  const choices = useMemo(
    () => (key === null ? null : (JSON.parse(key) as WindDownChoices)),
    [key],
  );
  const on = choices ? windDownOn(choices, id, evening, openedAt) : null;

  useEffect(() => {
    if (choices) rememberWindDown(choices, evening ? id : null);
  }, [choices, evening, id]);

  // Before the browser paints what the choice changed (a program's intro waits for it).
  useLayoutEffect(() => {
    if (on === null) return;
    const root = document.documentElement;
    if (on) root.setAttribute(WIND_DOWN_ATTR, '');
    else root.removeAttribute(WIND_DOWN_ATTR);
    return () => root.removeAttribute(WIND_DOWN_ATTR);
  }, [on]);

  const setOn = useCallback(
    (next: boolean) => {
      const changed = withWindDown(choices ?? { on: [], off: [] }, id, next);
      void setPreferences({ windDown: changed.on, windDownOff: changed.off });
    },
    [choices, id],
  );
  return { on, setOn };
}
