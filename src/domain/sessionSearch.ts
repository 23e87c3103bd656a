/** The session route's mode and search params (spec 2.1, 5). Pure. */
export const SESSION_MODES = ['classic', 'enhanced', 'mobile'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

export function isSessionMode(mode: string): mode is SessionMode {
  return (SESSION_MODES as readonly string[]).includes(mode);
}

export interface SessionSearch {
  pattern?: string;
  flow?: 'adaptive';
}

export function parseSessionSearch(search: Record<string, unknown>): SessionSearch {
  const out: SessionSearch = {};
  if (typeof search.pattern === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(search.pattern)) out.pattern = search.pattern;
  if (search.flow === 'adaptive') out.flow = 'adaptive';
  return out;
}
