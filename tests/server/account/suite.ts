import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { client, email, listen, openTestDb, sessionRow, type Backend, type Running } from '../helpers';
import { getBuiltInProgram } from '../../../src/domain/programs/builtInPrograms';
import { toProgramRow } from '../../../src/sync/rows/programRow';

/**
 * Leaving, proven (docs/product.md § Leaving): a member who used every part of the app
 * (sessions, patterns, posts, reactions, follows, comments, reports, ratings, the
 * marketplace, pattern tokens, an instructor profile with a photo, courses, enrolments,
 * course progress, camera summaries, favourites, preferences, a wallet nonce, mailed-link
 * tokens, error reports, abuse-limit counters, push subscriptions) deletes the account
 * through the real server. Then EVERY column of every base table the database catalogue
 * (information_schema) lists, in every schema, that can hold the id or the address (uuid,
 * text, varchar, json, jsonb, arrays) is searched for them: a table added later is
 * searched without editing this test. Another member's own rows stay.
 * Does not prove: copies outside the database (server logs, mail files, backups), nor a
 * hosted Supabase project's own auth tables.
 */

interface Member {
  id: string;
  email: string;
  token: string;
}

const SEARCHED_TYPES = ['uuid', 'text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY'];

/** Every base table and searchable column the catalogue lists (not the catalogue itself). */
async function searchableColumns(db: Db): Promise<{ schema: string; table: string; column: string }[]> {
  const r = await db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `select c.table_schema, c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE'
        and c.table_schema not in ('pg_catalog', 'information_schema')
        and c.table_schema not like 'pg\\_%'
        and c.data_type = any($1::text[])
      order by 1, 2, 3`,
    [SEARCHED_TYPES],
  );
  return r.rows.map((x) => ({ schema: x.table_schema, table: x.table_name, column: x.column_name }));
}

/** The tables with a user column, from the catalogue: a foreign key to auth.users, or a uuid column named user_id. */
async function userColumnTables(db: Db): Promise<string[]> {
  const r = await db.query<{ t: string }>(
    `select distinct tc.table_schema || '.' || tc.table_name as t
       from information_schema.table_constraints tc
       join information_schema.constraint_column_usage ccu
         on ccu.constraint_schema = tc.constraint_schema and ccu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'FOREIGN KEY' and ccu.table_schema = 'auth' and ccu.table_name = 'users'
     union
     select distinct table_schema || '.' || table_name from information_schema.columns
      where column_name = 'user_id' and data_type = 'uuid' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1`,
  );
  return r.rows.map((x) => x.t);
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables (schema.table) with at least one row holding one of the needles in a searched column. */
async function tablesHolding(db: Db, needles: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const c of await searchableColumns(db)) {
    const r = await db.query<{ n: number }>(
      `select count(*)::int as n from ${q(c.schema)}.${q(c.table)}
        where ${needles.map((_, i) => `strpos(lower(${q(c.column)}::text), $${i + 1}) > 0`).join(' or ')}`,
      needles.map((n) => n.toLowerCase()),
    );
    const n = r.rows[0]?.n ?? 0;
    if (n > 0) {
      const key = `${c.schema}.${c.table}`;
      found.set(key, Math.max(found.get(key) ?? 0, n));
    }
  }
  return found;
}

export function accountDeletionSuite(kind: Backend) {
  describe(`account deletion on ${kind}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let srv: Running;
    const password = 'correct horse 42';

    beforeAll(async () => {
      ({ db, dispose } = await openTestDb(kind));
      srv = await listen(db);
    }, 120_000);
    afterAll(async () => {
      await srv?.stop();
      await srv?.server.limits.close();
      await dispose?.();
    });

    async function signUp(tag: string): Promise<Member> {
      const sb = client(srv.url, srv.secrets.anonKey);
      const addr = email(tag);
      const { data, error } = await sb.auth.signUp({ email: addr, password, options: { data: { display_name: tag } } });
      expect(error).toBeNull();
      return { id: data.user!.id, email: addr, token: data.session!.access_token };
    }

    async function api(who: Member, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
      const res = await fetch(`${srv.url}${path}`, {
        method,
        headers: {
          apikey: srv.secrets.anonKey,
          authorization: `Bearer ${who.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    }

    /** One member's whole life in the app, through the API where there is one, else as the server writes it. */
    async function liveFully(a: Member, b: Member): Promise<void> {
      const ok = (r: { status: number; body: unknown }, what: string) => expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
      ok(await api(a, 'POST', '/rest/v1/users', { id: a.id, role: 'user' }), 'users');
      const session = sessionRow();
      ok(await api(a, 'POST', '/rest/v1/sessions', [session, sessionRow()]), 'sessions');
      const patternId = randomUUID();
      ok(
        await api(a, 'POST', '/rest/v1/patterns', { id: patternId, name: 'Leaver calm', inhale: 4, hold: 2, exhale: 6, hold_after_exhale: 0 }),
        'patterns',
      );
      ok(await api(a, 'POST', '/rest/v1/user_favorites', { pattern_id: 'box' }), 'favourites');
      ok(await api(a, 'POST', '/rest/v1/user_ratings', { pattern_id: 'box', rating: 5 }), 'ratings');
      ok(await api(a, 'POST', '/rest/v1/user_preferences', { key: 'voiceEnabled', value: true }), 'preferences');
      ok(
        await api(a, 'POST', '/api/vision/sessions', {
          id: randomUUID(), session_id: session.id, frames_analysed: 100, average_stillness: 80, average_restlessness: 20,
          face_detection_rate: 90, posture_score: null, breaths_per_minute: 6, target_breaths_per_minute: 6,
          phase_accuracy: 70, rhythm_consistency: 75, average_processing_ms: 4,
        }),
        'vision',
      );
      const BOX = { id: 'box', name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, holdAfterExhale: 4 };
      const mine = await api(a, 'POST', '/api/social/share', { type: 'BREATHING_SESSION', content: 'Leaving soon', metadata: { breathingPattern: BOX } });
      ok(mine, 'share');
      const theirs = await api(b, 'POST', '/api/social/share', { type: 'BREATHING_SESSION', content: 'Staying', metadata: { breathingPattern: BOX } });
      const myPost = (mine.body.post as { id: string }).id;
      const theirPost = (theirs.body.post as { id: string }).id;
      ok(await api(a, 'POST', '/api/social/react', { postId: theirPost }), 'react');
      ok(await api(b, 'POST', '/api/social/react', { postId: myPost }), 'reacted to');
      ok(await api(a, 'POST', '/api/social/follow', { userId: b.id }), 'follow');
      ok(await api(b, 'POST', '/api/social/follow', { userId: a.id }), 'followed');
      ok(await api(a, 'POST', '/api/social/comments', { postId: theirPost, content: 'Nice one' }), 'comment');
      ok(await api(b, 'POST', '/api/social/comments', { postId: myPost, content: 'Bye' }), 'commented on');
      ok(await api(a, 'POST', '/api/social/report', { postId: theirPost, reason: 'other' }), 'report');
      const published = await api(a, 'POST', '/api/market/patterns', {
        sourcePatternId: patternId, name: 'Leaver calm', description: 'Slow out-breath', inhale: 4, hold: 2, exhale: 6,
        hold_after_exhale: 0, category: 'sleep', difficulty: 'Beginner', benefits: ['Calm'],
      });
      ok(published, 'publish');
      const bPattern = randomUUID();
      ok(await api(b, 'POST', '/rest/v1/patterns', { id: bPattern, name: 'Stayer', inhale: 4, hold: 0, exhale: 4, hold_after_exhale: 0 }), 'b pattern');
      const bPublished = await api(b, 'POST', '/api/market/patterns', {
        sourcePatternId: bPattern, name: 'Stayer', description: '', inhale: 4, hold: 0, exhale: 4,
        hold_after_exhale: 0, category: 'focus', difficulty: 'Beginner', benefits: [],
      });
      const bMarket = (bPublished.body.pattern as { id: string } | undefined)?.id ?? (bPublished.body.id as string);
      ok(await api(a, 'PUT', `/api/market/patterns/${bMarket}/rating`, { rating: 4 }), 'market rating');
      ok(await api(a, 'POST', `/api/market/patterns/${bMarket}/uses`, { kind: 'try' }), 'market use');
      ok(
        await api(a, 'PUT', '/api/instructor/profile', {
          displayName: 'Ada Leaver', bio: 'Breathing coach for ten years, calm and practical.',
          credentials: 'Certified breathwork facilitator (2015).', specialities: ['Sleep'],
          photo: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==',
        }),
        'instructor profile',
      );
      ok(await api(a, 'POST', '/api/errors', { message: `crash for ${a.email}` }), 'error report');
      const { id: _builtInId, builtIn: _builtIn, ...co2 } = getBuiltInProgram('co2-table')!;
      const program = { ...co2, id: randomUUID(), name: 'Leaver table', userId: null, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), syncState: 'pending' as const };
      ok(await api(a, 'POST', '/rest/v1/programs', toProgramRow(program, a.id)), 'programs');
      const TOGETHER_BOX = { name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 };
      ok(await api(a, 'POST', '/api/together', { pattern: TOGETHER_BOX, cycles: 5 }), 'hosts a shared session');
      const joined = await api(b, 'POST', '/api/together', { pattern: TOGETHER_BOX, cycles: 5 });
      ok(joined, 'b hosts a shared session');
      const joinedId = (joined.body.session as { id: string }).id;
      ok(await api(a, 'POST', `/api/together/${joinedId}/join`, { device: randomUUID() }), 'joins a shared session');
      // Rows without a public endpoint here: written as the server (or its owner role) writes them.
      const marketId = (published.body.pattern as { id: string } | undefined)?.id ?? (published.body.id as string);
      const course = randomUUID();
      await db.query(`insert into public.courses (id, instructor_id, title, level) values ($1, $2, 'Leaver course', 'Beginner')`, [course, a.id]);
      await db.query(`insert into public.course_enrolments (course_id, user_id) values ($1, $2), ($1, $3)`, [course, a.id, b.id]);
      await db.query(`insert into public.course_progress (course_id, user_id, day_index, session_id) values ($1, $2, 0, $3)`, [course, a.id, session.id]);
      await db.query(
        `insert into public.pattern_tokens (pattern_id, creator_id, network, recipient, metadata) values ($1, $2, 'testnet', '0x0123456789abcdef', '{}')`,
        [marketId, a.id],
      );
      // A published program (issue #35), written as the API writes it.
      await db.query(
        `insert into public.marketplace_programs (creator_id, source_program_id, name, category, planned_seconds, definition)
         values ($1, $2, 'Leaving program', 'calm', 60, '{"segments": [{"kind": "rest", "seconds": 60}]}'::jsonb)`,
        [a.id, randomUUID()],
      );
      await db.query(`insert into pneuma_private.siwe_nonces (nonce, user_id, expires_at) values ($1, $2, now() + interval '5 minutes')`, [randomUUID().replace(/-/g, ''), a.id]);
      await db.query(
        `insert into pneuma_private.one_time_tokens (token_hash, user_id, kind, email, expires_at) values ($1, $2, 'recovery', $3, now() + interval '1 hour')`,
        [randomUUID(), a.id, a.email],
      );
      await db.query(
        `insert into pneuma_private.push_subscriptions (endpoint, user_id, p256dh, auth, time_zone) values ($1, $2, 'k', 'a', 'Europe/Paris')`,
        [`https://push.example/${randomUUID()}`, a.id],
      );
    }

    it('leaves no row holding the id or the address in any table the catalogue lists; the other member keeps theirs', async () => {
      const a = await signUp('leaver');
      const b = await signUp('stayer');
      await liveFully(a, b);
      await srv.server.limits.flush();

      const before = await tablesHolding(db, [a.id, a.email]);
      // Not a vacuous proof: the member's rows are in every table the issue names, and in every
      // table with a user column (a foreign key to auth.users or a user_id) the catalogue lists.
      const named = [
        'public.sessions', 'public.patterns', 'public.social_posts', 'public.social_reactions', 'public.social_follows',
        'public.social_comments', 'public.social_reports', 'public.user_ratings', 'public.marketplace_ratings',
        'public.course_enrolments', 'public.course_progress', 'pneuma_private.push_subscriptions',
        'public.instructor_profiles', 'public.courses', 'public.marketplace_patterns', 'public.marketplace_programs', 'public.pattern_tokens',
        'public.vision_sessions', 'public.error_reports', 'public.programs', 'public.together_sessions', 'public.together_joins', 'pneuma_private.rate_limits', 'auth.users', 'auth.sessions',
      ];
      for (const t of named) expect(before.has(t), `${t} holds the member before deletion`).toBe(true);
      const unseeded = (await userColumnTables(db)).filter((t) => !before.has(t));
      expect(unseeded, 'tables with a user column that this test wrote no row of the member to').toEqual([]);
      const bSessionsBefore = await db.query<{ n: number }>('select count(*)::int as n from public.social_posts where user_id = $1', [b.id]);

      const del = await api(a, 'DELETE', '/api/account');
      expect(del.status).toBe(204);
      await srv.server.limits.flush();

      const after = await tablesHolding(db, [a.id, a.email]);
      expect(Object.fromEntries(after)).toEqual({});
      // The other member's own rows stay (their post, their pattern; their enrolment went with the course).
      const bAfter = await db.query<{ n: number }>('select count(*)::int as n from public.social_posts where user_id = $1', [b.id]);
      expect(bAfter.rows[0]!.n).toBe(bSessionsBefore.rows[0]!.n);
      expect((await db.query('select 1 from public.patterns where user_id = $1', [b.id])).rows).toHaveLength(1);
      // The deleted account's token is refused everywhere.
      expect((await api(a, 'GET', '/rest/v1/sessions?select=id')).status).toBe(401);
      expect((await api(a, 'DELETE', '/api/account')).status).toBe(401);
    }, 120_000);

    it('deletes in one transaction: a failure part-way leaves everything in place', async () => {
      const a = await signUp('halfway');
      await api(a, 'POST', '/rest/v1/sessions', [sessionRow()]);
      // A row that refuses to go: a trigger raising on delete of this member's session.
      await db.query(`create or replace function pg_temp_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.replace('pg_temp_refuse', 'public.habit_test_refuse'));
      await db.query(`create trigger habit_test_refuse before delete on public.sessions for each row execute function public.habit_test_refuse()`);
      try {
        const del = await api(a, 'DELETE', '/api/account');
        expect(del.status).toBe(500);
      } finally {
        await db.query('drop trigger habit_test_refuse on public.sessions');
        await db.query('drop function public.habit_test_refuse()');
      }
      const left = await db.query<{ n: number }>(
        `select (select count(*) from auth.users where id = $1)::int + (select count(*) from public.sessions where user_id = $1)::int as n`,
        [a.id],
      );
      expect(left.rows[0]!.n).toBe(2);
    }, 60_000);
  });
}
