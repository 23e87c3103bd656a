import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { useTestDb, type Backend } from '../helpers';
import { marketplaceHarness } from './harness';

type Harness = Awaited<ReturnType<typeof marketplaceHarness>>;

/**
 * The marketplace API on a real database (PGlite and a PostgreSQL 15 server, through
 * market-pglite.test.ts and market-postgres.test.ts): publishing, the creator rule, ratings,
 * real usage, search and paging, each write proven owner-only with a second user through
 * /api/market and /rest/v1. The tests share one database and run in order; the first one
 * sees it empty.
 */
export function marketplaceSuite(kind: Backend) {
  describe(`marketplace API on ${kind}`, () => {
    let db: Db;
    let h: Harness;
    useTestDb(kind, async (opened) => {
      db = opened;
      h = await marketplaceHarness(db);
    });

    const roleOf = async (id: string) =>
      (await db.query<{ role: string }>('select role from public.users where id = $1', [id])).rows[0]?.role;

    it('guests read the empty catalogue; publishing, rating and using need a signed-in user', async () => {
      const empty = await h.list();
      expect(empty).toEqual({ status: 200, body: { items: [], total: 0, page: 1, pageSize: 12 } });
      const body = h.draft();
      const anonPublish = await h.call('POST', '/api/market/patterns', { body });
      expect(anonPublish.status).toBe(401);
      expect(anonPublish.body.message).toMatch(/sign in/);
      const noKey = await h.call('GET', '/api/market/patterns', { headers: { apikey: '' } });
      expect(noKey.status).toBe(401);
      const id = randomUUID();
      expect((await h.call('PUT', `/api/market/patterns/${id}/rating`, { body: { rating: 3 } })).status).toBe(401);
      expect((await h.call('POST', `/api/market/patterns/${id}/uses`, { body: { kind: 'try' } })).status).toBe(401);
      expect((await h.call('GET', '/api/market/mine')).status).toBe(401);
      // /rest/v1 with the anon key: reads (nothing yet), never writes.
      expect((await h.rest(null, 'GET', 'marketplace_patterns?select=id')).body).toEqual([]);
      expect((await h.rest(null, 'POST', 'marketplace_patterns', { source_pattern_id: randomUUID(), name: 'x' })).status).toBe(401);
    });

    it('publishing a first pattern makes the user a creator (a server rule: users cannot write their role)', async () => {
      const a = await h.member('pub-a', 'Ada');
      // A has a users row saying user and cannot raise it.
      expect((await h.rest(a, 'POST', 'users', { id: a.id, role: 'user' })).status).toBe(201);
      expect((await h.rest(a, 'PATCH', `users?id=eq.${a.id}`, { role: 'creator' })).status).toBe(403);
      expect((await h.call<{ role: string }>('GET', '/api/market/mine', { token: a.token })).body).toEqual({ role: 'user', patterns: [] });

      const draft = h.draft({ name: 'Evening Wave', description: 'Long exhale for the evening', category: 'sleep' });
      const r = await h.publish(a, draft);
      expect(r.status).toBe(201);
      expect(r.body.role).toBe('creator');
      expect(await roleOf(a.id)).toBe('creator');
      expect(r.body.pattern).toMatchObject({
        name: 'Evening Wave',
        description: 'Long exhale for the evening',
        inhale: 4,
        hold: 2,
        exhale: 6,
        hold_after_exhale: 0,
        category: 'sleep',
        difficulty: 'Beginner',
        benefits: ['Calm'],
        creator: { id: a.id, name: 'Ada' },
        rating: { average: null, count: 0 },
        usage: { users: 0, sessions: 0 },
        yourRating: null,
        mine: true,
        unpublished: false,
      });

      // A user with no users row yet gets one, as a creator.
      const b = await h.member('pub-b');
      expect(await roleOf(b.id)).toBeUndefined();
      expect((await h.publish(b, h.draft())).body.role).toBe('creator');
      expect(await roleOf(b.id)).toBe('creator');
      // The shown name without a display name: "Member" and the id's first four characters.
      expect((await h.list('q=Pattern')).body.items.find((p) => p.creator.id === b.id)?.creator.name).toBe('Pneuma member');

      // An instructor who publishes stays an instructor.
      const t = await h.member('pub-t');
      await db.query(`insert into public.users (id, role) values ($1, 'instructor')`, [t.id]);
      expect((await h.publish(t, h.draft())).body.role).toBe('instructor');
    });

    it('guests and other users see a published pattern with its creator; republishing updates the same listing', async () => {
      const a = await h.member('re-a', 'Grace');
      const first = await h.publish(a, h.draft({ name: 'Harbour Breath', category: 'focus', difficulty: 'Intermediate' }));
      const id = first.body.pattern.id;
      const source = (await db.query<{ source_pattern_id: string }>('select source_pattern_id from public.marketplace_patterns where id = $1', [id])).rows[0]!.source_pattern_id;

      const asGuest = (await h.one(id)).body.pattern;
      expect(asGuest).toMatchObject({ name: 'Harbour Breath', creator: { id: a.id, name: 'Grace' }, mine: false });
      // Only the creator is told which of their library's patterns a listing came from.
      expect(asGuest).not.toHaveProperty('sourcePatternId');
      expect(first.body.pattern.sourcePatternId).toBe(source);
      const other = await h.member('re-other');
      expect((await h.one(id, other)).body.pattern.mine).toBe(false);
      expect((await h.one(id, other)).body.pattern).not.toHaveProperty('sourcePatternId');

      const again = await h.publish(a, h.draft({ sourcePatternId: source, name: 'Harbour Breath II', inhale: 5 }));
      expect(again.status).toBe(200);
      expect(again.body.pattern).toMatchObject({ id, name: 'Harbour Breath II', inhale: 5 });
      expect(again.body.pattern.createdAt).toBe(first.body.pattern.createdAt);
    });

    it('refuses bad patterns with the pattern rules’ own messages', async () => {
      const a = await h.member('bad-a');
      const cases: [Record<string, unknown>, string][] = [
        [{ inhale: 0 }, 'inhale: Inhale must be longer than 0 seconds'],
        [{ hold: -1 }, 'hold: Hold cannot be negative'],
        [{ exhale: 61 }, 'exhale: Exhale can be at most 60 seconds'],
        [{ name: '   ' }, 'name: Name is required'],
        [{ name: 'x'.repeat(81) }, 'name: Name can be at most 80 characters'],
        [{ description: 'x'.repeat(501) }, 'description: Description can be at most 500 characters'],
        [{ category: 'party' }, 'category: Category must be stress, sleep, focus or energy'],
        [{ difficulty: 'Expert' }, 'difficulty: Difficulty must be Beginner, Intermediate or Advanced'],
        [{ sourcePatternId: 'box' }, 'sourcePatternId: sourcePatternId must be the id (a UUID) of a pattern in your library'],
        [{ creator_id: randomUUID() }, '(body): Unrecognized key: "creator_id"'],
      ];
      for (const [over, message] of cases) {
        const r = await h.publish(a, h.draft(over));
        expect(r.status, message).toBe(400);
        expect(r.body as unknown, message).toMatchObject({ error: 'validation_failed', message });
      }
      const notJson = await h.call('POST', '/api/market/patterns', { token: a.token, raw: '{', headers: { 'content-type': 'application/json' } });
      expect(notJson.status).toBe(400);
      expect(await roleOf(a.id)).toBeUndefined(); // nothing was published
    });

    it('only the creator unpublishes or edits a pattern (API and /rest/v1); an unpublished pattern leaves the catalogue', async () => {
      const a = await h.member('own-a', 'Owner');
      const b = await h.member('own-b', 'Other');
      const p = (await h.publish(a, h.draft({ name: 'Owned Rhythm' }))).body.pattern;

      const bUnpublish = await h.call('DELETE', `/api/market/patterns/${p.id}`, { token: b.token });
      expect(bUnpublish.status).toBe(403);
      expect(bUnpublish.body.message).toBe('Only its creator can unpublish a pattern');
      // /rest/v1 writes no marketplace row (one write path: /api).
      expect((await h.rest(b, 'PATCH', `marketplace_patterns?id=eq.${p.id}`, { name: 'Hijacked' })).status).toBe(403);
      expect((await h.rest(b, 'PATCH', `marketplace_patterns?id=eq.${p.id}`, { unpublished_at: new Date().toISOString() })).status).toBe(403);
      // Nobody can publish in someone else's name or move a pattern to another creator.
      const inAsName = await h.rest(b, 'POST', 'marketplace_patterns', { creator_id: a.id, source_pattern_id: randomUUID(), name: 'Fake', inhale: 4, hold: 0, exhale: 4, hold_after_exhale: 0, category: 'stress', difficulty: 'Beginner' });
      expect(inAsName.status).toBe(403);
      expect((await h.rest(a, 'PATCH', `marketplace_patterns?id=eq.${p.id}`, { creator_id: b.id })).status).toBe(403);
      // Not even in one's own name.
      const named = await h.rest(b, 'POST', 'marketplace_patterns', { source_pattern_id: randomUUID(), creator_name: 'Ada Lovelace', name: 'Named', inhale: 4, hold: 0, exhale: 4, hold_after_exhale: 0, category: 'stress', difficulty: 'Beginner' });
      expect(named.status).toBe(403);
      expect((await h.one(p.id)).body.pattern.name).toBe('Owned Rhythm');

      expect((await h.call('DELETE', `/api/market/patterns/${p.id}`, { token: a.token })).status).toBe(204);
      expect((await h.call('DELETE', `/api/market/patterns/${p.id}`, { token: a.token })).status).toBe(204); // again: no change
      expect((await h.one(p.id)).status).toBe(404);
      expect((await h.one(p.id, b)).status).toBe(404);
      expect((await h.list('q=Owned')).body.total).toBe(0);
      expect((await h.rest(b, 'GET', `marketplace_patterns?id=eq.${p.id}&select=id`)).body).toEqual([]);
      expect((await h.use(b, p.id, { kind: 'try' })).status).toBe(404);
      const mine = await h.call<{ patterns: { id: string; unpublished: boolean }[] }>('GET', '/api/market/mine', { token: a.token });
      expect(mine.body.patterns).toEqual([expect.objectContaining({ id: p.id, unpublished: true })]);
      // The creator's own view still has it; republishing lists it again.
      expect((await h.one(p.id, a)).body.pattern.unpublished).toBe(true);
      const source = (await db.query<{ s: string }>('select source_pattern_id as s from public.marketplace_patterns where id = $1', [p.id])).rows[0]!.s;
      expect((await h.publish(a, h.draft({ sourcePatternId: source, name: 'Owned Rhythm' }))).body.pattern).toMatchObject({ id: p.id, unpublished: false });
      expect((await h.list('q=Owned')).body.total).toBe(1);
    });

    it('ratings: one per user and pattern, 1-5, never one’s own, each user writes only their own', async () => {
      const a = await h.member('rate-a', 'Rater Creator');
      const b = await h.member('rate-b');
      const c = await h.member('rate-c');
      const p = (await h.publish(a, h.draft({ name: 'Rated Rhythm' }))).body.pattern;

      expect((await h.rate(b, p.id, 4)).body.pattern).toMatchObject({ rating: { average: 4, count: 1 }, yourRating: 4 });
      expect((await h.rate(b, p.id, 5)).body.pattern).toMatchObject({ rating: { average: 5, count: 1 }, yourRating: 5 });
      expect((await h.rate(c, p.id, 2)).body.pattern).toMatchObject({ rating: { average: 3.5, count: 2 }, yourRating: 2 });
      expect((await h.one(p.id)).body.pattern).toMatchObject({ rating: { average: 3.5, count: 2 }, yourRating: null });

      const own = await h.rate(a, p.id, 5);
      expect(own.status).toBe(403);
      expect((own.body as unknown as { message: string }).message).toBe('You cannot rate your own pattern');
      for (const bad of [0, 6, 2.5, '4', null]) {
        const r = await h.rate(b, p.id, bad);
        expect(r.status, String(bad)).toBe(400);
        expect((r.body as unknown as { message: string }).message).toBe('rating: rating must be a whole number from 1 to 5');
      }
      expect((await h.rate(b, randomUUID(), 3)).status).toBe(404);
      expect((await h.rate(b, 'not-a-uuid', 3)).status).toBe(400);

      // /rest/v1: B sees only B's rating, cannot rate in C's name, change C's or rate A's own as A.
      expect((await h.rest(b, 'GET', 'marketplace_ratings?select=rating')).body).toEqual([{ rating: 5 }]);
      expect((await h.rest(b, 'POST', 'marketplace_ratings', { pattern_id: p.id, user_id: c.id, rating: 1 })).status).toBe(403);
      expect((await h.rest(b, 'PATCH', `marketplace_ratings?user_id=eq.${c.id}`, { rating: 1 })).status).toBe(403);
      expect((await h.rest(a, 'POST', 'marketplace_ratings', { pattern_id: p.id, rating: 5 })).status).toBe(403);
      expect((await h.rest(b, 'POST', 'marketplace_ratings', { pattern_id: p.id, rating: 9 })).status).toBe(403);
      expect((await h.rate(b, p.id, 9)).status).toBe(400);
      expect((await h.one(p.id)).body.pattern.rating).toEqual({ average: 3.5, count: 2 });

      const back = await h.call<{ pattern: { rating: unknown; yourRating: unknown } }>('DELETE', `/api/market/patterns/${p.id}/rating`, { token: c.token });
      expect(back.body.pattern).toMatchObject({ rating: { average: 5, count: 1 }, yourRating: null });
    });

    it('usage counts distinct people and their completed sessions, never the creator’s own', async () => {
      const a = await h.member('use-a', 'Use Creator');
      const b = await h.member('use-b');
      const c = await h.member('use-c');
      const p = (await h.publish(a, h.draft({ name: 'Used Rhythm' }))).body.pattern;
      const usage = async () => (await h.one(p.id)).body.pattern.usage;

      // The creator trying their own pattern is not recorded.
      expect((await h.use(a, p.id, { kind: 'try' })).body.counted).toBe(false);
      await h.session(a, p.id);
      expect(await usage()).toEqual({ users: 0, sessions: 0 });

      // B tries it twice (one person), then adds it as a library copy and practises the copy.
      expect((await h.use(b, p.id, { kind: 'try' })).body).toMatchObject({ counted: true, pattern: { usage: { users: 1, sessions: 0 } } });
      await h.use(b, p.id, { kind: 'try' });
      expect(await usage()).toEqual({ users: 1, sessions: 0 });
      const copyId = randomUUID();
      expect((await h.use(b, p.id, { kind: 'add', copyId })).body.pattern.usage).toEqual({ users: 1, sessions: 0 });
      await h.session(b, copyId);
      await h.session(b, copyId);
      // A session that was not completed or was deleted does not count.
      await h.session(b, copyId, { completed: false });
      await h.session(b, copyId, { deleted: true });
      expect(await usage()).toEqual({ users: 1, sessions: 2 });

      // C practises it straight from a "Try" (the session carries the marketplace id) without recording a try.
      await h.session(c, p.id);
      expect(await usage()).toEqual({ users: 2, sessions: 3 });
      // Someone else's session with B's copy id is not B's copy.
      await h.session(c, copyId);
      expect(await usage()).toEqual({ users: 2, sessions: 3 });

      // Bad bodies, and /rest/v1 writes in someone else's name, are refused.
      for (const [body, message] of [
        [{ kind: 'buy' }, 'kind: kind must be try or add'],
        [{ kind: 'add' }, 'copyId: copyId must be the id (a UUID) of the copy in your library'],
        [{ kind: 'try', copyId }, '(body): Unrecognized key: "copyId"'],
      ] as const) {
        const r = await h.use(b, p.id, body);
        expect(r.status, message).toBe(400);
        expect((r.body as unknown as { message: string }).message).toBe(message);
      }
      expect((await h.rest(b, 'POST', 'marketplace_uses', { pattern_id: p.id, user_id: c.id, kind: 'try' })).status).toBe(403);
      expect((await h.rest(a, 'POST', 'marketplace_uses', { pattern_id: p.id, kind: 'try' })).status).toBe(403);
      expect((await h.rest(b, 'GET', 'marketplace_uses?select=kind&order=kind')).body).toEqual([{ kind: 'add' }, { kind: 'try' }]);

      // The creator hub shows the same figures.
      const mine = await h.call<{ role: string; patterns: { id: string; usage: unknown }[] }>('GET', '/api/market/mine', { token: a.token });
      expect(mine.body.role).toBe('creator');
      expect(mine.body.patterns).toEqual([expect.objectContaining({ id: p.id, usage: { users: 2, sessions: 3 } })]);
    });

    it('search, filters, sorting and paging', async () => {
      const d = await h.member('cat-d', 'Dora');
      const e = await h.member('cat-e');
      const made: { id: string; name: string }[] = [];
      for (let i = 0; i < 14; i++) {
        const r = await h.publish(d, h.draft({
          name: `Tide ${String(i).padStart(2, '0')}`,
          description: i === 3 ? 'Contains 100% calm_ness' : 'Ocean rhythm',
          category: i % 2 ? 'energy' : 'focus',
          difficulty: i < 4 ? 'Advanced' : 'Beginner',
        }));
        made.push(r.body.pattern);
      }
      const tide = (q: string) => h.list(`q=Tide&${q}`);
      const names = (r: Awaited<ReturnType<typeof h.list>>) => r.body.items.map((p) => p.name);

      const p1 = await tide('sort=newest');
      expect(p1.body).toMatchObject({ total: 14, page: 1, pageSize: 12 });
      expect(names(p1)[0]).toBe('Tide 13');
      const p2 = await tide('sort=newest&page=2');
      expect(names(p2)).toEqual(['Tide 01', 'Tide 00']);
      expect((await tide('page=3')).body.items).toEqual([]);

      expect((await tide('category=energy')).body.total).toBe(7);
      expect((await tide('category=energy&difficulty=Advanced')).body.items.map((p) => p.name).sort()).toEqual(['Tide 01', 'Tide 03']);
      expect((await h.list('q=ocean rhythm')).body.total).toBe(13); // description, case-insensitive
      expect(names(await h.list('q=100%25 calm_'))).toEqual(['Tide 03']); // % and _ match themselves
      expect((await h.list('q=100%25%25')).body.total).toBe(0);

      // Highest rated first (unrated last); most used first.
      await h.rate(e, made[5]!.id, 5);
      await h.rate(e, made[6]!.id, 3);
      expect(names(await tide('sort=rating')).slice(0, 2)).toEqual(['Tide 05', 'Tide 06']);
      await h.use(e, made[9]!.id, { kind: 'try' });
      expect(names(await tide('sort=usage'))[0]).toBe('Tide 09');

      for (const [q, message] of [
        ['sort=cheapest', 'sort: sort must be rating, usage or newest'],
        ['page=0', 'page: page must be a whole number from 1'],
        ['page=two', 'page: page must be a whole number from 1'],
        ['category=party', 'category: category must be all, stress, sleep, focus or energy'],
        ['difficulty=easy', 'difficulty: difficulty must be all, Beginner, Intermediate or Advanced'],
        [`q=${'x'.repeat(81)}`, 'q: Search text can be at most 80 characters'],
      ]) {
        const r = await h.list(q!);
        expect(r.status, q).toBe(400);
        expect((r.body as unknown as { message: string }).message).toBe(message);
      }
    });
  });
}
