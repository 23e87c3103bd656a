import type { Context, MiddlewareHandler } from 'hono';
import { callerOf } from '../auth/request-caller';
import { clientIp } from '../http';
import type { ProxyTrust } from '../http';
import { ranIntoTimeout, readPoints, TIMED_OUT_SHARE } from '../rest/read-limits';
import type { Limits } from './limiter';
import type { RuleName } from './rules';

type KeyKind = 'ip' | 'user';
interface Hit {
  rule: RuleName;
  by: KeyKind;
}

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The rules of /rest/v1 reads, which count a read's cost (rest/read-limits.ts: readPoints). */
const READ_RULES = new Set<RuleName>(['restRead', 'restReadIp']);

/** The rules a request counts against, by path and method (per-email-address and per-report rules are counted in the handlers). */
export function rulesFor(method: string, path: string): Hit[] {
  if (path.startsWith('/auth/v1/')) {
    const ep = path.slice('/auth/v1/'.length).replace(/\/+$/, '');
    if (ep === 'signup' && method === 'POST') return [{ rule: 'signup', by: 'ip' }];
    if (ep === 'token' && method === 'POST') return [{ rule: 'token', by: 'ip' }];
    if (ep === 'verify') return [{ rule: 'verify', by: 'ip' }];
    if ((ep === 'recover' || ep === 'resend' || ep === 'otp') && method === 'POST')
      return [{ rule: 'emailIp', by: 'ip' }];
    if (ep === 'reauthenticate')
      return [
        { rule: 'account', by: 'user' },
        { rule: 'emailIp', by: 'ip' },
      ];
    if ((ep === 'user' && method === 'PUT') || (ep === 'logout' && method === 'POST'))
      return [{ rule: 'account', by: 'user' }];
    return [];
  }
  if (path.startsWith('/rest/v1/') && (method === 'GET' || method === 'HEAD'))
    return [
      { rule: 'restRead', by: 'user' },
      { rule: 'restReadIp', by: 'ip' },
    ];
  // /api reads (market search, the timeline, sync changes...) build their own SQL; health probes are free
  if (
    (method === 'GET' || method === 'HEAD') &&
    path.startsWith('/api/') &&
    !/^\/api\/health(\/|$)/.test(path)
  )
    return [{ rule: 'apiRead', by: 'user' }];
  if (!WRITE.has(method)) return [];
  if (path.startsWith('/rest/v1/'))
    return [
      { rule: 'restWrite', by: 'user' },
      { rule: 'restWriteIp', by: 'ip' },
    ];
  if (path === '/api/account') return [{ rule: 'account', by: 'user' }];
  if (path.startsWith('/api/')) return [{ rule: 'apiWrite', by: 'user' }];
  return [];
}

/** 429 with Retry-After in each area's own error shape. */
export function tooManyRequests(c: Context, seconds: number): Response {
  const path = c.req.path;
  const msg = `Request rate limit reached: try again in ${seconds} s`;
  let res: Response;
  if (path.startsWith('/auth/'))
    res = c.json(
      { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' },
      429,
    );
  else if (path.startsWith('/rest/'))
    res = c.json({ code: 'PGRST429', message: msg, details: null, hint: null }, 429);
  else res = c.json({ error: 'rate_limited', message: msg }, 429);
  res.headers.set('Retry-After', String(seconds));
  return res;
}

/**
 * Counts each request against its rules: per client address (through trusted proxies only)
 * and per signed-in user (the verified token's sub; the address when there is none).
 */
export function rateLimitMiddleware(
  limits: Limits,
  trust: ProxyTrust,
  jwtSecret: string,
): MiddlewareHandler {
  return async (c, next) => {
    const hits = rulesFor(c.req.method, c.req.path).filter((h) => limits.enabled(h.rule));
    if (hits.length === 0) return next();
    const ip = clientIp(c, trust);
    const user = hits.some((h) => h.by === 'user')
      ? ((await callerOf(c, jwtSecret).bearerUser())?.sub ?? null)
      : null;
    const keyOf = (h: Hit) => (h.by === 'user' && user ? `user:${user}` : `ip:${ip}`);
    // A /rest/v1 read counts its cost, not 1: like/ilike filters weigh more (rest/read-limits.ts).
    const points = hits.some((h) => READ_RULES.has(h.rule))
      ? readPoints(new URL(c.req.url).searchParams)
      : 1;
    // Every rule counts the request (mostly in memory: limits/limiter.ts), so a request over
    // one limit still counts against the others; the longest wait of those over their limit
    // is the answer.
    const waits = await Promise.all(
      hits.map((h) => limits.hit(h.rule, keyOf(h), READ_RULES.has(h.rule) ? points : 1)),
    );
    const wait = Math.max(0, ...waits);
    if (wait) return tooManyRequests(c, wait);
    await next();
    // A read stopped at its statement timeout held the database for all of it (and the embedded
    // one restarts): it uses up TIMED_OUT_SHARE of its caller's read limit (the user, or the
    // address for the anon key) for the window. Not of the address's: others share it. Counted
    // at once (limiter.ts counts before its first wait); the answer does not wait for it.
    const caller = hits.find((h) => h.rule === 'restRead');
    if (caller && ranIntoTimeout(c.req.raw)) {
      void limits.hit(
        'restRead',
        keyOf(caller),
        Math.ceil(limits.rules.restRead.limit * TIMED_OUT_SHARE),
      );
    }
  };
}
