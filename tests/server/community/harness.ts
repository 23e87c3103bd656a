import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { signJwt } from '../../../server/auth/jwt';
import type { Db } from '../../../server/db/types';
import { restRoutes } from '../../../server/rest/routes';
import type { PostJson } from '../../../server/community/postRows';
import { communityRoutes } from '../../../server/community/routes';
import { email, testSecrets } from '../helpers';

/** A member signed up through /auth/v1 with a display name (or none). */
export interface Member {
  id: string;
  token: string;
  name?: string;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/**
 * The community API and /rest/v1 in-process (app.request: no port), composed the way
 * server/app.ts mounts them, plus the calls the community tests make. Members are written
 * to auth.users and get the access token /auth/v1 would issue (same claims and secret).
 */
export async function communityHarness(db: Db) {
  const secrets = await testSecrets();
  const app = new Hono();
  app.onError((err, c) => {
    console.error(`${c.req.method} ${c.req.path}`, err);
    return c.json({ error: 'internal_error', message: 'Internal server error' }, 500);
  });
  app.route('/rest/v1', restRoutes({ db, secrets }));
  app.route('/api', communityRoutes({ db, secrets }));
  const anon = secrets.anonKey;

  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { apikey: anon, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.request(path, { method, headers, body: method === 'GET' ? undefined : body });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async function member(tag: string, displayName?: string): Promise<Member> {
    const id = randomUUID();
    const meta = displayName ? { display_name: displayName } : {};
    const addr = email(tag);
    await db.query(
      `insert into auth.users (id, email, encrypted_password, raw_user_meta_data) values ($1, $2, 'x', $3::jsonb)`,
      [id, addr, JSON.stringify(meta)],
    );
    const token = await signJwt(
      { sub: id, role: 'authenticated', aud: 'authenticated', email: addr, user_metadata: meta, session_id: randomUUID() },
      secrets.jwtSecret,
      3600,
    );
    return { id, token, name: displayName };
  }

  function share(who: Member, content: string, pattern: Record<string, unknown> = BOX, extra: Record<string, unknown> = {}) {
    return call<{ post: Post }>('POST', '/api/social/share', {
      token: who.token,
      body: { type: 'BREATHING_SESSION', content, metadata: { breathingPattern: pattern }, ...extra },
    });
  }

  /** A synced session row, written the way the app's upload writes it (as the owner). */
  async function session(who: Member, patternId: string | null, patternName: string, seconds: number) {
    await db.query(
      `insert into public.sessions (id, user_id, pattern_id, pattern_name, session_duration, created_at, end_time)
       values ($1, $2, $3, $4, $5, now(), now())`,
      [randomUUID(), who.id, patternId, patternName, seconds],
    );
  }

  return { app, anon, call, member, share, session };
}

export const BOX = { id: 'box', name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, holdAfterExhale: 4 };

/** A post as the API answers it (the timeline adds fromFollowing). */
export type Post = PostJson & { fromFollowing?: boolean };

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
