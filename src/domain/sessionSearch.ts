/**
 * The session route's search params: `pattern` (a pattern id of 1-64 letters, digits, '_'
 * or '-'), `flow=adaptive` and `start=now` (the one-tap starts: the pre-session step starts
 * its countdown at once) and `monitor=timing` (the 'advanced' preset's timing monitor);
 * anything else is dropped. Pure. (The route's mode is
 * checked with `isSessionMode` of ./sessionModes.)
 */

interface SessionSearch {
  pattern?: string;
  flow?: 'adaptive';
  /** 'Breathe again' and the floating play button: start without the pre-session screen. */
  start?: 'now';
  /** The 'advanced' preset: the session shows its timing monitor. */
  monitor?: 'timing';
}

export function parseSessionSearch(search: Record<string, unknown>): SessionSearch {
  const out: SessionSearch = {};
  if (typeof search.pattern === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(search.pattern))
    out.pattern = search.pattern;
  if (search.flow === 'adaptive') out.flow = 'adaptive';
  if (search.start === 'now') out.start = 'now';
  if (search.monitor === 'timing') out.monitor = 'timing';
  return out;
}
