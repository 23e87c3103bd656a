import { RestError } from './errors';

/** The `Prefer` header, as far as this server honours it. */
export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only';
  count: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
}

export function parsePrefer(headers: string | undefined): Prefer {
  const p: Prefer = { return: 'minimal', count: false, missingDefault: false };
  for (const raw of (headers ?? '').split(',')) {
    const [k, v] = raw.split('=').map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only'))
      p.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated'))
      p.count = true;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates'))
      p.resolution = v;
    else if (k === 'missing' && v === 'default') p.missingDefault = true;
  }
  return p;
}

/** What the `Accept` header asks for: an array (default) or exactly one object. */
export interface Media {
  single: boolean;
  stripNulls: boolean;
}

const ARRAY_TYPES = [
  'application/json',
  'application/vnd.pgrst.array+json',
  'application/*',
  '*/*',
];
const OBJECT_TYPES = ['application/vnd.pgrst.object+json', 'application/vnd.pgrst.object'];

export function parseAccept(accept: string | undefined): Media {
  if (!accept || accept.trim() === '') return { single: false, stripNulls: false };
  const types = accept.split(',').map((t) => t.trim().toLowerCase());
  for (const t of types) {
    const [mime = '', ...params] = t.split(';').map((s) => s.trim());
    const stripNulls = params.includes('nulls=stripped');
    if (OBJECT_TYPES.includes(mime)) return { single: true, stripNulls };
    if (ARRAY_TYPES.includes(mime)) return { single: false, stripNulls };
  }
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${accept.slice(0, 200)}`,
  );
}
