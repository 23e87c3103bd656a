import { createHmac } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { buildSchedule } from '../../src/domain/breathClock';
import {
  checkLinkedPattern,
  encodeLink,
  LINK_PATH_PREFIX,
  togetherError,
} from '../../src/domain/links/patternLink';
import type { LinkedPattern } from '../../src/domain/links/patternLink';
import { togetherEndsAt } from '../../src/domain/together/togetherTimeline';
import { apiCaller, apiError, dbRefusal, parsedBody } from '../api/respond';
import type { Db } from '../db/types';
import { clientIp, type ProxyTrust } from '../http';
import { limitNetwork } from '../net/ip-ranges';
import type { Limits } from '../limits/limiter';
import { tooManyRequests } from '../limits/middleware';
import { runAsApi } from '../rest/transaction';
import type { Secrets } from '../secrets';
import type { ServerTimeAnswer, TogetherSession } from '../../src/contracts/together';
import { createSchema, joinSchema, TOGETHER_LIMITS } from './schemas';

export interface TogetherDeps {
  db: Db;
  secrets: Secrets;
  limits: Limits;
  trust: ProxyTrust;
  /** The server's clock (ms since 1970); tests pass their own. */
  now?: () => number;
}

interface SessionRow {
  id: string;
  pattern: LinkedPattern;
  cycles: number;
  starts_ms: string | number;
  ends_ms: string | number;
  joins?: string | number;
}

/** The session as the host reads it, with its link. */
function sessionJson(row: SessionRow) {
  const startsAt = Number(row.starts_ms);
  const payload = encodeLink({
    kind: 'together',
    session: row.id,
    startsAt,
    cycles: row.cycles,
    pattern: row.pattern,
  });
  return {
    id: row.id,
    startsAt,
    endsAt: Number(row.ends_ms),
    cycles: row.cycles,
    joins: Number(row.joins ?? 0),
    link: LINK_PATH_PREFIX + payload,
  } satisfies TogetherSession;
}

const SESSION_COLS = `id, pattern, cycles, (extract(epoch from starts_at) * 1000)::bigint as starts_ms,
  (extract(epoch from ends_at) * 1000)::bigint as ends_ms`;

/** Who may call: a member starts and reads a session; anyone (a guest with the anon key) joins. */
const TOGETHER_HOST = {
  guests: false,
  signIn: 'Not authenticated: sign in to start a shared session',
} as const;
const TOGETHER_JOINER = { ...TOGETHER_HOST, guests: true } as const;

/**
 * GET /api/time: the server's clock, for the NTP-style offset estimate
 * (src/domain/together/clockOffset.ts). `receivedAt` is read first thing in the handler and
 * `sentAt` last; no key needed, nothing stored, never cached.
 */
export function serverTime(c: Context, deps: TogetherDeps): Response {
  const now = deps.now ?? Date.now;
  const receivedAt = now();
  c.header('Cache-Control', 'no-store');
  return c.json({ receivedAt, sentAt: now() } satisfies ServerTimeAnswer);
}

/**
 * POST /api/together {pattern, cycles, startsInSeconds?}: a member starts a shared session
 * (201 with the link). At most TOGETHER_LIMITS.openPerHost of a host's sessions are open at
 * once; ended ones older than keepDays are deleted.
 */
export async function createTogether(c: Context, deps: TogetherDeps): Promise<Response> {
  const who = await apiCaller(c, deps, TOGETHER_HOST);
  if (who instanceof Response) return who;
  const wait = await deps.limits.hit('togetherCreate', `user:${who.userId}`);
  if (wait) return tooManyRequests(c, wait);
  const body = await parsedBody(c, createSchema);
  if (body instanceof Response) return body;
  const checked = checkLinkedPattern(body.pattern, 'pattern');
  if ('error' in checked)
    return apiError(c, 400, 'validation_failed', checked.error.message, 'pattern');
  const tooLong = togetherError(body.cycles, checked.pattern);
  if (tooLong) return apiError(c, 400, 'validation_failed', tooLong, 'cycles');
  const startsAt = (deps.now ?? Date.now)() + body.startsInSeconds * 1000;
  const endsAt = togetherEndsAt(buildSchedule(checked.pattern), startsAt, body.cycles);
  await deps.db.query(
    `delete from public.together_sessions where ends_at < now() - make_interval(days => $1)`,
    [TOGETHER_LIMITS.keepDays],
  );
  try {
    return await runAsApi(deps.db, who.auth, c.req.method, async (tx) => {
      const open = await tx.query<{ n: string }>(
        'select count(*) as n from public.together_sessions where host_id = auth.uid() and ends_at > now()',
      );
      if (Number(open.rows[0]!.n) >= TOGETHER_LIMITS.openPerHost) {
        return apiError(
          c,
          409,
          'too_many_open',
          `You have ${TOGETHER_LIMITS.openPerHost} shared sessions that have not ended yet; wait for one to end before starting another`,
        );
      }
      const r = await tx.query<SessionRow>(
        `insert into public.together_sessions (pattern, cycles, starts_at, ends_at)
         values ($1::jsonb, $2, to_timestamp($3::double precision / 1000), to_timestamp($4::double precision / 1000))
         returning ${SESSION_COLS}`,
        [JSON.stringify(checked.pattern), body.cycles, startsAt, endsAt],
      );
      return c.json({ session: sessionJson(r.rows[0]!) }, 201);
    });
  } catch (e) {
    return dbRefusal(c, e);
  }
}

function sessionId(c: Context): string | Response {
  const id = c.req.param('id') ?? '';
  return z.uuid().safeParse(id).success ? id : noSession(c);
}

const noSession = (c: Context) => apiError(c, 404, 'not_found', 'No shared session with this id');

/** GET /api/together/:id: the host reads their session and how many joined (404 for anyone else). */
export async function readTogether(c: Context, deps: TogetherDeps): Promise<Response> {
  const who = await apiCaller(c, deps, TOGETHER_HOST);
  if (who instanceof Response) return who;
  const id = sessionId(c);
  if (id instanceof Response) return id;
  try {
    return await runAsApi(deps.db, who.auth, c.req.method, async (tx) => {
      // Row-level security: only the host's own session (and its joins) are visible.
      const r = await tx.query<SessionRow>(
        `select ${SESSION_COLS}, (select count(*) from public.together_joins j where j.session_id = s.id) as joins
         from public.together_sessions s where s.id = $1`,
        [id],
      );
      const row = r.rows[0];
      c.header('Cache-Control', 'no-store');
      return row ? c.json({ session: sessionJson(row) }) : noSession(c);
    });
  } catch (e) {
    return dbRefusal(c, e);
  }
}

/**
 * POST /api/together/:id/join {device}: counts one person once. A member counts as their
 * account, a guest as the device id it sends; the host is not counted. Refused after the
 * session ended (410), past joinsPerAddress from one client address (an IPv6 client by its
 * /64) or joinsPerNetwork from its /24 or /48 (429), and past joinsPerSession (409). Written by the server itself: guests have no database identity, and
 * no client role may write the table.
 */
export async function joinTogether(c: Context, deps: TogetherDeps): Promise<Response> {
  const who = await apiCaller(c, deps, TOGETHER_JOINER);
  if (who instanceof Response) return who;
  const id = sessionId(c);
  if (id instanceof Response) return id;
  const ip = clientIp(c, deps.trust);
  const wait = await deps.limits.hit('togetherJoin', `ip:${ip}`);
  if (wait) return tooManyRequests(c, wait);
  const body = await parsedBody(c, joinSchema);
  if (body instanceof Response) return body;
  const joiner = who.userId ? `user:${who.userId}` : `device:${body.device.toLowerCase()}`;
  const keyed = (what: string) =>
    createHmac('sha256', deps.secrets.jwtSecret).update(what).digest('hex');
  const address = keyed(`together-address:${ip}`);
  const network = keyed(`together-network:${limitNetwork(ip)}`);
  return deps.db.transaction(async (tx) => {
    // The session row is locked, so the caps below hold under concurrent joins.
    const s = await tx.query<{
      host_id: string;
      ended: boolean;
      starts_ms: string;
      ends_ms: string;
    }>(
      `select host_id, ends_at <= now() as ended, (extract(epoch from starts_at) * 1000)::bigint as starts_ms,
         (extract(epoch from ends_at) * 1000)::bigint as ends_ms
         from public.together_sessions where id = $1 for update`,
      [id],
    );
    const session = s.rows[0];
    if (!session) return noSession(c);
    const times = { startsAt: Number(session.starts_ms), endsAt: Number(session.ends_ms) };
    if (session.ended) return apiError(c, 410, 'ended', 'This shared session has ended');
    if (who.userId === session.host_id) return c.json({ counted: false, reason: 'host', ...times });
    const seen = await tx.query(
      'select 1 from public.together_joins where session_id = $1 and joiner = $2',
      [id, joiner],
    );
    if (seen.rows.length) return c.json({ counted: false, reason: 'already', ...times });
    const n = await tx.query<{ total: string; here: string; near: string }>(
      `select count(*) as total, count(*) filter (where address = $2) as here, count(*) filter (where network = $3) as near
         from public.together_joins where session_id = $1`,
      [id, address, network],
    );
    const { total, here, near } = n.rows[0]!;
    if (
      Number(here) >= TOGETHER_LIMITS.joinsPerAddress ||
      Number(near) >= TOGETHER_LIMITS.joinsPerNetwork
    ) {
      const most =
        Number(here) >= TOGETHER_LIMITS.joinsPerAddress
          ? TOGETHER_LIMITS.joinsPerAddress
          : TOGETHER_LIMITS.joinsPerNetwork;
      return apiError(
        c,
        429,
        'join_limit',
        `At most ${most} people can join one shared session from the same network`,
      );
    }
    if (Number(total) >= TOGETHER_LIMITS.joinsPerSession) {
      return apiError(
        c,
        409,
        'session_full',
        `This shared session is full (${TOGETHER_LIMITS.joinsPerSession} people)`,
      );
    }
    await tx.query(
      'insert into public.together_joins (session_id, joiner, address, network) values ($1, $2, $3, $4)',
      [id, joiner, address, network],
    );
    return c.json({ counted: true, ...times }, 201);
  });
}
