/**
 * Attacks on the write paths (issue 28, items 5 and 6 and the source_pattern_id part of 7),
 * replayed on PGlite and on a PostgreSQL 15 server, with the real /rest/v1, /api/social,
 * /api/market, /api/flow, /api/instructor and /api/vision routes in-process.
 *
 * What it attacks:
 * - writes through /rest/v1 to the tables /api owns (posts with a pattern name that is an
 *   object, reactions, marketplace rows, pattern tokens, camera summaries): refused;
 * - squatting another creator's Flow transaction id: neither /rest/v1 nor an unverified
 *   claim through /api can block the real creator's record;
 * - free text in the trending list through session rows (a built-in pattern's id with any
 *   name, control characters, unknown modes, absurd counts);
 * - moving an enrolment into a draft course; publishing a course whose days are malformed;
 * - reading a published pattern's source_pattern_id with the anon key or as another member;
 * - a malformed post already in the table (written before the checks): the timeline,
 *   community and trending answers leave it out instead of failing;
 * - storage quotas: rows per table and bytes per account, through /rest/v1 (a batch over the
 *   quota stores nothing) and /api, answered 413 with the quota named;
 * - the row-level-security tricks that held (reading, updating, deleting another member's
 *   rows, forging user_id, an upsert on conflict into another member's row), kept green;
 * - and the app's own paths (share, publish, rate, use, mint and its result, profile, course,
 *   enrolment, progress, session sync and its replay) still work.
 *
 * What it does NOT cover: the page itself rendering a malformed post (the app's edge check
 * is tested in tests/domain/community/postSchema.test.ts, the sync panel's message in
 * tests/sync), a hosted Supabase project (its PostgREST, whose rpc could call functions this
 * server never exposes), concurrent writers racing one account's quota, bytes added by
 * updates after insert (not counted, by design), and the Flow verifier's own checks
 * (tests/server/tokens).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { visionRoutes } from '../../../server/api/vision/routes';
import type { Db } from '../../../server/db/types';
import { tokenRoutes } from '../../../server/tokens/routes';
import { instructorRoutes } from '../../../server/instructor/routes';
import { sessionRow, testSecrets, useTestDb, type Backend } from '../helpers';
import { marketplaceHarness } from '../marketplace/harness';
import { onPostgres } from '../onPostgres';
import type { Member, Page, Post } from '../community/harness';

const BOX_COURSE_PATTERN = { id: 'box', name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 };
const PROFILE = {
  displayName: 'Ada Breath',
  bio: 'Breathing coach for ten years, calm and practical.',
  credentials: 'Certified breathwork facilitator (2015), yoga teacher 500h.',
  specialities: ['Sleep'],
  photo: null,
};
const FLOW_A = '0x1122334455667788';
const txId = (n: number) => n.toString(16).padStart(64, '0');

function directWritesSuite(kind: Backend): void {
  describe(`direct writes and quotas on ${kind}`, () => {
    let db: Db;
    let h: Awaited<ReturnType<typeof marketplaceHarness>>;
    let a: Member;
    let b: Member;

    useTestDb(kind, async (opened) => {
      db = opened;
      h = await marketplaceHarness(db);
      const secrets = await testSecrets();
      h.app.route('/api', tokenRoutes({ db, secrets, verifier: null }));
      h.app.route('/api', instructorRoutes({ db, secrets }));
      h.app.route('/api/vision', visionRoutes({ db, secrets }));
      a = await h.member('attack-a', 'Ada');
      b = await h.member('attack-b', 'Bea');
    });

    const rest = (who: Member | null, method: string, path: string, body?: unknown, prefer = 'return=representation') =>
      h.call<unknown>(method, `/rest/v1/${path}`, { token: who?.token, body, headers: { prefer } });
    const upsert = (who: Member, table: string, key: string, rows: unknown) =>
      rest(who, 'POST', `${table}?on_conflict=${key}`, rows, 'resolution=merge-duplicates,return=minimal');
    const message = (r: { body: unknown }) => (r.body as { message?: string }).message;

    it('a community post is written through /api only: a direct insert (pattern name an object) is refused, the API still shares', async () => {
      const forged = await rest(b, 'POST', 'social_posts', {
        content: 'hi',
        pattern: { name: { $gt: '' } },
        pattern_key: 'x',
      });
      expect(forged.status).toBe(403);
      expect((await rest(b, 'POST', 'social_reactions', { post_id: randomUUID() })).status).toBe(403);
      expect((await rest(b, 'POST', 'social_follows', { followee_id: a.id })).status).toBe(403);
      expect((await rest(b, 'POST', 'social_comments', { post_id: randomUUID(), content: 'x' })).status).toBe(403);
      const shared = await h.share(a, 'A calm evening');
      expect(shared.status).toBe(201);
      // deleting through /rest/v1 is refused too, even one's own; the API deletes
      expect((await rest(a, 'DELETE', `social_posts?id=eq.${shared.body.post.id}`)).status).toBe(403);
      const react = await h.call('POST', '/api/social/react', { token: b.token, body: { postId: shared.body.post.id } });
      expect(react.status).toBeLessThan(300);
      expect((await h.call('DELETE', `/api/social/posts/${shared.body.post.id}`, { token: a.token })).status).toBe(204);
    });

    it('a malformed post already stored (before the checks) is left out of the timeline, community and trending', async () => {
      const good = await h.share(a, 'Still here', { id: 'box', name: 'Box Breathing' });
      const badId = randomUUID();
      // As a row written before this migration: the shape check is lifted for one insert.
      await db.transaction(async (tx) => {
        await tx.query('alter table public.social_posts drop constraint social_posts_pattern_shape');
        await tx.query(
          `insert into public.social_posts (id, user_id, content, pattern, pattern_key) values ($1, $2, 'bad', $3::jsonb, 'bad-key')`,
          [badId, b.id, JSON.stringify({ name: { nested: true } })],
        );
        await tx.query(
          'alter table public.social_posts add constraint social_posts_pattern_shape check (public.social_pattern_valid(pattern)) not valid',
        );
      });
      const feed = await h.call<Page<Post>>('GET', '/api/social/timeline', { token: a.token });
      expect(feed.status).toBe(200);
      const ids = feed.body.items.map((p) => p.id);
      expect(ids).toContain(good.body.post.id);
      expect(ids).not.toContain(badId);
      expect((await h.call('GET', '/api/social/posts/mine', { token: b.token })).status).toBe(200);
      expect((await h.call('GET', '/api/social/community', { token: a.token })).status).toBe(200);
      const trending = await h.call<{ patterns: { name: unknown }[] }>('GET', '/api/patterns/trending', { token: a.token });
      expect(trending.status).toBe(200);
      for (const p of trending.body.patterns) expect(typeof p.name).toBe('string');
    });

    it('free text never reaches the trending list through session rows; malformed sessions are refused', async () => {
      const spam = 'Buy followers at evil.example';
      const rows = [0, 1, 2, 3, 4].map(() => sessionRow({ pattern_id: 'coherent', pattern_name: spam }));
      expect((await upsert(b, 'sessions', 'id', rows)).status).toBe(201);
      expect((await upsert(b, 'sessions', 'id', [sessionRow({ pattern_id: null, pattern_name: spam })])).status).toBe(201);
      const trending = await h.call<{ patterns: { id?: string; name: string }[] }>('GET', '/api/patterns/trending', { token: a.token });
      const names = trending.body.patterns.map((p) => p.name);
      expect(names.some((n) => n.includes('evil.example'))).toBe(false);
      expect(trending.body.patterns.find((p) => p.id === 'coherent')?.name).not.toBe(spam);

      for (const bad of [
        { pattern_name: 'Box\u0007Breathing' },
        { pattern_name: '   ' },
        { pattern_id: 'box\nfree text' },
        { session_type: 'spam' },
        { cycle_count: 10_000_000 },
        { breath_hold_time: 1e9 },
      ]) {
        const r = await upsert(b, 'sessions', 'id', [sessionRow(bad)]);
        expect(r.status, JSON.stringify(bad)).toBe(400);
      }
      // custom patterns hold the app's rules too
      const pattern = { id: randomUUID(), name: 'Mine', inhale: 4, hold: 0, exhale: 4, hold_after_exhale: 0 };
      expect((await upsert(b, 'patterns', 'id', [{ ...pattern, category: 'stress', difficulty: 'Beginner', benefits: ['Calm'] }])).status).toBe(201);
      expect((await upsert(b, 'patterns', 'id', [{ ...pattern, id: randomUUID(), category: '<script>' }])).status).toBe(400);
      expect((await upsert(b, 'patterns', 'id', [{ ...pattern, id: randomUUID(), benefits: [{ x: 1 }] }])).status).toBe(400);
    });

    it('an enrolment never moves into a draft course; a published course has well-formed days', async () => {
      const teacher = await h.member('attack-teacher');
      expect((await h.call('PUT', '/api/instructor/profile', { token: teacher.token, body: PROFILE })).status).toBe(200);
      const course = (status: string, days: unknown[] = [{ note: 'Day one', patterns: [BOX_COURSE_PATTERN] }]) => ({
        id: randomUUID(),
        title: `A ${status} course`,
        description: '',
        level: 'Beginner',
        days,
        status,
      });
      const open = course('published');
      const draft = course('draft');
      expect((await upsert(teacher, 'courses', 'id', [open, draft])).status).toBe(201);
      // a published course whose pattern is not a pattern is refused
      const broken = course('published', [{ note: 'x', patterns: [{ id: 'box', name: { html: '<b>' }, inhale: 4, hold: 0, exhale: 4, hold_after_exhale: 0 }] }]);
      expect((await upsert(teacher, 'courses', 'id', [broken])).status).toBe(400);
      const noTimings = course('published', [{ note: 'x', patterns: [{ id: 'box', name: 'Box' }] }]);
      expect((await upsert(teacher, 'courses', 'id', [noTimings])).status).toBe(400);

      // the app's enrolment: an upsert keyed by user and course
      const enrol = { user_id: b.id, course_id: open.id, enrolled_at: new Date().toISOString(), deleted_at: null };
      expect((await upsert(b, 'course_enrolments', 'user_id,course_id', [enrol])).status).toBe(201);
      expect((await upsert(b, 'course_enrolments', 'user_id,course_id', [{ ...enrol, deleted_at: new Date().toISOString() }])).status).toBe(200); // an update: PostgREST's 200
      const progress = { user_id: b.id, course_id: open.id, day_index: 0, completed_at: new Date().toISOString(), session_id: null, deleted_at: null };
      expect((await upsert(b, 'course_progress', 'user_id,course_id,day_index', [progress])).status).toBe(201);

      // the attack: move the enrolment (or a completed day) to the draft
      const moved = await rest(b, 'PATCH', `course_enrolments?course_id=eq.${open.id}`, { course_id: draft.id });
      expect(moved.status).toBe(403);
      expect((await rest(b, 'PATCH', `course_progress?course_id=eq.${open.id}`, { day_index: 5 })).status).toBe(403);
      expect((await rest(b, 'POST', 'course_enrolments', { course_id: draft.id })).status).toBe(403);
      const stored = await db.query<{ course_id: string }>('select course_id from public.course_enrolments where user_id = $1', [b.id]);
      expect(stored.rows.map((r) => r.course_id)).toEqual([open.id]);
    });

    it('marketplace rows are written through /api only; source_pattern_id is the creator\'s alone', async () => {
      const source = randomUUID();
      const published = await h.publish(a, h.draft({ sourcePatternId: source }));
      expect(published.status).toBe(201);
      const id = published.body.pattern.id;
      expect((await rest(a, 'POST', 'marketplace_patterns', { source_pattern_id: randomUUID(), name: 'Direct', inhale: 4, hold: 0, exhale: 4, hold_after_exhale: 0, category: 'stress', difficulty: 'Beginner' })).status).toBe(403);
      expect((await rest(a, 'PATCH', `marketplace_patterns?id=eq.${id}`, { name: 'Renamed directly' })).status).toBe(403);
      expect((await rest(b, 'POST', 'marketplace_ratings', { pattern_id: id, rating: 5 })).status).toBe(403);
      expect((await rest(b, 'POST', 'marketplace_uses', { pattern_id: id, kind: 'try' })).status).toBe(403);
      // the API's paths still work
      expect((await h.rate(b, id, 4)).status).toBe(200);
      expect((await h.use(b, id, { kind: 'try' })).status).toBeLessThan(300);

      // the source id: not with the anon key, not as another member, through neither table nor view
      for (const table of ['marketplace_patterns', 'marketplace_listing']) {
        const anon = await rest(null, 'GET', `${table}?select=source_pattern_id&id=eq.${id}`);
        expect(anon.status, table).toBe(401);
        expect((await rest(b, 'GET', `${table}?select=source_pattern_id&id=eq.${id}`)).status, table).toBe(403);
        expect((await rest(null, 'GET', `${table}?select=id,name&id=eq.${id}`)).body).toEqual([{ id, name: published.body.pattern.name }]);
      }
      const guest = await h.one(id);
      expect(guest.status).toBe(200);
      expect(guest.body.pattern.sourcePatternId).toBeUndefined();
      expect((await h.list('', b)).body.items.find((p) => p.id === id)?.sourcePatternId).toBeUndefined();
      const mine = await h.call<{ patterns: { id: string; sourcePatternId?: string }[] }>('GET', '/api/market/mine', { token: a.token });
      expect(mine.body.patterns.find((p) => p.id === id)?.sourcePatternId).toBe(source);
    });

    it('a Flow transaction id cannot be squatted: /rest/v1 is closed and an unverified claim blocks nobody', async () => {
      const mintFor = async (who: Member) => {
        const p = await h.publish(who, h.draft());
        expect(p.status).toBe(201);
        const m = await h.call<{ mint: { id: string } }>('POST', '/api/flow/mint-pattern', {
          token: who.token,
          body: { patternId: p.body.pattern.id, network: 'testnet', recipient: FLOW_A, royalties: [{ receiver: FLOW_A, percent: 5, description: 'Creator royalty' }] },
        });
        expect(m.status).toBe(201);
        return m.body.mint.id;
      };
      const victim = await mintFor(a);
      const squatter = await mintFor(b);
      const victimTx = txId(0xabc);
      const sealed = { status: 'sealed', txId: victimTx, tokenIds: ['7'], owner: FLOW_A };
      // /rest/v1: no insert, no update of one's own row
      const patch = await rest(b, 'PATCH', `pattern_tokens?id=eq.${squatter}`, { status: 'sealed', tx_id: victimTx, token_ids: '{7}' });
      expect(patch.status, JSON.stringify(patch.body)).toBe(403);
      expect((await rest(b, 'POST', 'pattern_tokens', { pattern_id: randomUUID(), network: 'testnet', recipient: FLOW_A, metadata: {} })).status).toBe(403);
      // through /api, the squatter's unverified claim comes first; the victim's record still lands
      expect((await h.call('POST', `/api/flow/mint-pattern/${squatter}/result`, { token: b.token, body: sealed })).status).toBe(200);
      const real = await h.call<{ mint: { status: string; txId: string } }>('POST', `/api/flow/mint-pattern/${victim}/result`, { token: a.token, body: sealed });
      expect(real.status).toBe(200);
      expect(real.body.mint).toMatchObject({ status: 'sealed', txId: victimTx });
    });

    it('camera summaries are written through /api only', async () => {
      const s = sessionRow({ pattern_id: 'box', camera_used: true });
      expect((await upsert(a, 'sessions', 'id', [s])).status).toBe(201);
      const summary = {
        id: randomUUID(), session_id: s.id, frames_analysed: 100, average_stillness: 80, average_restlessness: 20,
        face_detection_rate: null, posture_score: null, breaths_per_minute: null, target_breaths_per_minute: null,
        phase_accuracy: null, rhythm_consistency: null, average_processing_ms: null,
      };
      expect((await rest(a, 'POST', 'vision_sessions', summary)).status).toBe(403);
      const api = await h.call('POST', '/api/vision/sessions', { token: a.token, body: [summary] });
      expect(api.status, JSON.stringify(api.body)).toBe(201);
    });

    it('row-level security still holds: no reading, changing, deleting or forging another member\'s rows', async () => {
      const mine = sessionRow();
      expect((await upsert(a, 'sessions', 'id', [mine])).status).toBe(201);
      expect((await rest(b, 'GET', `sessions?id=eq.${mine.id}&select=id`)).body).toEqual([]);
      expect((await rest(b, 'PATCH', `sessions?id=eq.${mine.id}`, { pattern_name: 'Hijacked' })).body).toEqual([]);
      expect((await rest(b, 'DELETE', `sessions?id=eq.${mine.id}`)).body).toEqual([]);
      expect((await rest(b, 'POST', 'sessions', sessionRow({ user_id: a.id }))).status).toBe(403);
      // an upsert on conflict into A's row: the update side's policy refuses it
      const onto = await upsert(b, 'sessions', 'id', [{ ...mine, pattern_name: 'Hijacked' }]);
      expect(onto.status).toBe(403);
      const kept = await db.query<{ pattern_name: string; user_id: string }>('select pattern_name, user_id from public.sessions where id = $1', [mine.id]);
      expect(kept.rows[0]).toEqual({ pattern_name: mine.pattern_name, user_id: a.id });
      // a preference forged in A's name
      expect((await rest(b, 'POST', 'user_preferences', { user_id: a.id, key: 'voice', value: true })).status).toBe(403);
    });

    it('a storage quota reached is a 413 naming it; a batch over it stores nothing; a replay or a deletion frees nothing wrongly', async () => {
      const c = await h.member('attack-quota');
      await db.query(`update pneuma_private.storage_quotas set max_rows = 3 where tbl = 'sessions'`);
      try {
        const first = [sessionRow(), sessionRow()];
        expect((await upsert(c, 'sessions', 'id', first)).status).toBe(201);
        // a replay of the same rows is an update (200, as PostgREST answers): it counts nothing
        expect((await upsert(c, 'sessions', 'id', first)).status).toBe(200);
        const over = await upsert(c, 'sessions', 'id', [sessionRow(), sessionRow()]);
        expect(over.status).toBe(413);
        expect(over.body).toMatchObject({ code: 'PT413', message: 'Storage quota reached: at most 3 sessions per account' });
        const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from public.sessions where user_id = $1', [c.id])).rows[0]?.n;
        expect(await count()).toBe(2);
        expect((await upsert(c, 'sessions', 'id', [sessionRow()])).status).toBe(201);
        expect((await upsert(c, 'sessions', 'id', [sessionRow()])).status).toBe(413);
        // deleting one makes room for one
        expect((await rest(c, 'DELETE', `sessions?id=eq.${first[0]!.id}`)).status).toBe(200);
        expect((await upsert(c, 'sessions', 'id', [sessionRow()])).status).toBe(201);
        expect(await count()).toBe(3);
      } finally {
        await db.query(`update pneuma_private.storage_quotas set max_rows = 100000 where tbl = 'sessions'`);
      }
    });

    it('the byte quota and the /api quotas answer 413 with their message too', async () => {
      const d = await h.member('attack-bytes');
      await db.query(`update pneuma_private.storage_quotas set max_rows = 4096 where tbl = '*'`);
      try {
        const big = (n: number) => ({ user_id: d.id, key: `k${n}`, value: randomBytes(1500).toString('hex') });
        expect((await upsert(d, 'user_preferences', 'user_id,key', [big(1)])).status).toBe(201);
        const over = await upsert(d, 'user_preferences', 'user_id,key', [big(2)]);
        expect(over.status).toBe(413);
        expect(message(over)).toBe('Storage quota reached: at most 4096 bytes of data per account');
      } finally {
        await db.query(`update pneuma_private.storage_quotas set max_rows = 64 * 1024 * 1024 where tbl = '*'`);
      }
      await db.query(`update pneuma_private.storage_quotas set max_rows = 1 where tbl = 'social_posts'`);
      try {
        expect((await h.share(d, 'One post')).status).toBe(201);
        const second = await h.share(d, 'Two posts');
        expect(second.status).toBe(413);
        expect(second.body).toMatchObject({ error: 'storage_quota_reached', message: 'Storage quota reached: at most 1 community posts per account' });
      } finally {
        await db.query(`update pneuma_private.storage_quotas set max_rows = 10000 where tbl = 'social_posts'`);
      }
    });
  });
}

directWritesSuite('pglite');
onPostgres('direct writes and quotas', () => directWritesSuite('postgres'));
