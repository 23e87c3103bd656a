import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { useTestDb, type Backend } from '../helpers';
import { BOX, communityHarness, type Page, type Post } from './harness';

type Harness = Awaited<ReturnType<typeof communityHarness>>;

/**
 * The community API on a real database (run on PGlite and on a PostgreSQL 15 server by
 * social-pglite.test.ts and social-postgres.test.ts): owner-only writes proven with a
 * second user through /api/social and /rest/v1, keyset paging, a 4xx with a message for
 * every bad request, counts that follow the rows. The tests share one database and run
 * in order; the first one sees it empty.
 */
export function communitySuite(kind: Backend) {
  describe(`community API on ${kind}`, () => {
    let db: Db;
    let h: Harness;
    useTestDb(kind, async (opened) => {
      db = opened;
      h = await communityHarness(db);
    });

    it('counts, challenges, achievements and trending come from the rows (empty database first)', async () => {
      const a = await h.member('stats-a', 'Ada');
      const b = await h.member('stats-b');
      const empty = await h.call<{ stats: Record<string, number>; challenges: unknown[]; achievements: { id: string; progress: number; unlockedAt: string | null }[] }>(
        'GET',
        '/api/social/community',
        { token: a.token },
      );
      expect(empty.status).toBe(200);
      expect(empty.body.stats).toEqual({
        activeUsers: 0,
        sessionsLastHour: 0,
        sessionsToday: 0,
        totalSessions: 0,
        sharingMembers: 0,
        postsThisWeek: 0,
      });
      expect(empty.body.challenges).toEqual([]);
      expect(empty.body.achievements.map((x) => [x.id, x.progress, x.unlockedAt])).toEqual([
        ['first-post', 0, null],
        ['seven-posts', 0, null],
        ['ten-responses', 0, null],
      ]);

      // A shares box twice; A practises box for 300 s twice and 299 s once; B once for 600 s.
      const first = await h.share(a, 'First box share');
      await h.share(a, 'Second box share');
      await h.session(a, 'box', 'Box Breathing', 300);
      await h.session(a, 'box', 'Box Breathing', 300);
      await h.session(a, 'box', 'Box Breathing', 299);
      await h.session(b, 'box', 'Box Breathing', 600);
      await h.session(b, '0b0b0b0b-0000-4000-8000-000000000001', 'My secret pattern', 900);

      const after = await h.call<{
        stats: Record<string, number>;
        challenges: { pattern: Record<string, unknown>; participants: number; yourSessions: number; targetSessions: number; duration: number; isActive: boolean; endsAt: string; startsAt: string }[];
        achievements: { id: string; progress: number; maxProgress: number; unlockedAt: string | null }[];
      }>('GET', '/api/social/community', { token: a.token });
      expect(after.body.stats).toEqual({
        activeUsers: 2,
        sessionsLastHour: 5,
        sessionsToday: 5,
        totalSessions: 5,
        sharingMembers: 1,
        postsThisWeek: 2,
      });
      expect(after.body.challenges).toHaveLength(1);
      const ch = after.body.challenges[0]!;
      expect(ch).toMatchObject({ pattern: BOX, participants: 2, yourSessions: 2, targetSessions: 7, duration: 300, isActive: true });
      expect(Date.parse(ch.endsAt) - Date.parse(ch.startsAt)).toBe(7 * 86_400_000);
      expect(new Date(ch.startsAt).getUTCDay()).toBe(1); // weeks start on Monday (UTC)
      const firstPost = after.body.achievements.find((x) => x.id === 'first-post')!;
      expect(firstPost).toMatchObject({ progress: 1, maxProgress: 1 });
      expect(firstPost.unlockedAt).toBe(first.body.post.createdAt);
      expect(after.body.achievements.find((x) => x.id === 'seven-posts')).toMatchObject({ progress: 2, unlockedAt: null });

      // B's view of the same challenge: B's own progress.
      const bView = await h.call<{ challenges: { yourSessions: number }[] }>('GET', '/api/social/community', { token: b.token });
      expect(bView.body.challenges[0]!.yourSessions).toBe(1);

      // Trending: box from 5... sessions of box (4) and 2 shares; the private pattern never shows.
      const trending = await h.call<{ windowDays: number; patterns: { id?: string; name: string; sessions: number; shares: number; people: number }[] }>(
        'GET',
        '/api/patterns/trending',
        { token: b.token },
      );
      expect(trending.status).toBe(200);
      expect(trending.body.windowDays).toBe(7);
      expect(trending.body.patterns).toEqual([{ id: 'box', name: 'Box Breathing', pattern: BOX, sessions: 4, shares: 2, people: 2 }]);
      expect(JSON.stringify(trending.body)).not.toContain('secret');
    });

    it('a guest gets 401 Not authenticated from every endpoint; the anon role reads no community table', async () => {
      const paths: [string, string][] = [
        ['POST', '/api/social/share'],
        ['GET', '/api/social/timeline'],
        ['GET', '/api/social/posts/mine'],
        ['DELETE', `/api/social/posts/${randomUUID()}`],
        ['GET', `/api/social/posts/${randomUUID()}/comments`],
        ['POST', '/api/social/comments'],
        ['DELETE', `/api/social/comments/${randomUUID()}`],
        ['POST', '/api/social/react'],
        ['DELETE', `/api/social/react/${randomUUID()}`],
        ['POST', '/api/social/follow'],
        ['DELETE', `/api/social/follow/${randomUUID()}`],
        ['POST', '/api/social/report'],
        ['GET', '/api/social/community'],
        ['GET', '/api/patterns/trending'],
      ];
      for (const [method, path] of paths) {
        const r = await h.call<{ message: string }>(method, path, { body: {} }); // the anon key only
        expect(r.status, `${method} ${path}`).toBe(401);
        expect(r.body.message).toMatch(/^Not authenticated/);
      }
      const noKey = await h.app.request('/api/social/timeline');
      expect(noKey.status).toBe(401);
      for (const table of ['social_posts', 'social_reactions', 'social_comments', 'social_follows', 'social_reports']) {
        const r = await h.call('GET', `/rest/v1/${table}?select=*`);
        expect(r.status, table).toBe(401);
      }
    });

    it('share: 201 with the post; text kept as written (never HTML); a resent id is stored once', async () => {
      const a = await h.member('share-a', 'Ada <b>Lovelace</b>');
      const b = await h.member('share-b');
      const id = randomUUID();
      const content = '  Calm after <script>alert(1)</script> box breathing\r\n4-4-4-4  ';
      const session = { durationSeconds: 160, cycles: 10, targetCycles: 10, qualityScore: 95, mode: 'classic', completedAt: new Date().toISOString() };
      const r = await h.share(a, content, BOX, { id, metadata: { breathingPattern: BOX, session } });
      expect(r.status).toBe(201);
      expect(r.body.post).toMatchObject({
        id,
        type: 'BREATHING_SESSION',
        content: 'Calm after <script>alert(1)</script> box breathing\n4-4-4-4',
        author: { id: a.id, name: 'Ada <b>Lovelace</b>' },
        pattern: BOX,
        session,
        stats: { reactions: 0, comments: 0 },
        viewer: { isOwn: true, reacted: false, followsAuthor: false },
      });
      expect(r.body.post.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

      const again = await h.share(a, content, BOX, { id, metadata: { breathingPattern: BOX, session } });
      expect(again.status).toBe(200);
      expect(again.body.post.id).toBe(id);
      expect((await db.query('select count(*)::int as n from public.social_posts where id = $1', [id])).rows[0]).toEqual({ n: 1 });

      const stolen = await h.share(b, 'Mine now', BOX, { id });
      expect(stolen.status).toBe(409);
      expect(stolen.body).toMatchObject({ message: 'That post id is already used: send a new id' });

      // A member without a display name shows as "Pneuma member": never a piece of the id, never the email.
      const bp = await h.share(b, 'Hello');
      expect(bp.body.post.author.name).toBe('Pneuma member');
      expect(JSON.stringify(bp.body)).not.toContain('@example.test');
      // A pattern without an id or timings is fine; 280 characters (code points) is the limit.
      const emoji = '🌬'.repeat(280);
      const long = await h.share(b, emoji, { name: 'My own' });
      expect(long.status).toBe(201);
      expect(long.body.post.content).toBe(emoji);
    });

    it('bad share bodies get a 4xx that says what is wrong', async () => {
      const a = await h.member('bad-a');
      const ok = { type: 'BREATHING_SESSION', content: 'Hello', metadata: { breathingPattern: BOX } };
      const cases: [unknown, number, RegExp][] = [
        [{ ...ok, content: '   ' }, 400, /^content: The post is empty: write something first$/],
        [{ ...ok, content: 'x'.repeat(281) }, 400, /^content: The post can be at most 280 characters \(this one has 281\)$/],
        [{ ...ok, content: 'a\u0000b' }, 400, /control characters/],
        [{ ...ok, content: 42 }, 400, /^content: The post must be text$/],
        [{ ...ok, type: 'PHOTO' }, 400, /^type: type must be BREATHING_SESSION$/],
        [{ type: 'BREATHING_SESSION', content: 'Hello' }, 400, /^metadata: metadata must be an object with breathingPattern$/],
        [{ ...ok, metadata: {} }, 400, /^metadata\.breathingPattern: /],
        [{ ...ok, metadata: { breathingPattern: { name: '' } } }, 400, /^metadata\.breathingPattern\.name: The pattern name is empty/],
        [{ ...ok, metadata: { breathingPattern: { name: 'X', inhale: 4 } } }, 400, /give both inhale and exhale/],
        [{ ...ok, metadata: { breathingPattern: { name: 'X', inhale: 0, exhale: 4 } } }, 400, /inhale must be longer than 0 seconds/],
        [{ ...ok, metadata: { breathingPattern: { name: 'X', inhale: 4, exhale: 400 } } }, 400, /exhale can be at most 120 seconds/],
        [{ ...ok, metadata: { breathingPattern: { name: 'X', inhale: 4, exhale: -1 } } }, 400, /exhale cannot be negative/],
        [{ ...ok, metadata: { breathingPattern: BOX, session: { durationSeconds: 1.5, cycles: 1 } } }, 400, /durationSeconds must be whole seconds/],
        [{ ...ok, extra: true }, 400, /extra|Unrecognized/i],
        [{ ...ok, id: 'not-a-uuid' }, 400, /^id: id must be a UUID$/],
        [[ok], 400, /\(body\)|expected object/i],
      ];
      for (const [body, status, message] of cases) {
        const r = await h.call<{ message: string; field?: string }>('POST', '/api/social/share', { token: a.token, body });
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(status);
        expect(r.body.message, JSON.stringify(body).slice(0, 80)).toMatch(message);
      }
      const notJson = await h.call<{ message: string }>('POST', '/api/social/share', {
        token: a.token,
        raw: '{"type":',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.status).toBe(400);
      expect(notJson.body.message).toMatch(/^The body is not valid JSON/);
      const empty = await h.call<{ message: string }>('POST', '/api/social/share', {
        token: a.token,
        raw: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.body).toMatchObject({ message: 'The request body is empty' });
      const form = await h.call<{ message: string }>('POST', '/api/social/share', {
        token: a.token,
        raw: 'content=hi',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(415);
      const huge = await h.call<{ message: string }>('POST', '/api/social/share', {
        token: a.token,
        body: { ...ok, content: 'x'.repeat(20_000) },
      });
      expect(huge.status).toBe(413);
      expect(huge.body.message).toBe('The body is larger than 16384 bytes');
      expect((await db.query('select count(*)::int as n from public.social_posts where user_id = $1', [a.id])).rows[0]).toEqual({ n: 0 });
    });

    it('timeline: you and the people you follow first, then everyone, 20 a page, every post once', async () => {
      const viewer = await h.member('tl-viewer');
      const friend = await h.member('tl-friend', 'Friend');
      const stranger = await h.member('tl-stranger');
      for (let i = 0; i < 3; i++) expect((await h.share(friend, `friend ${i}`)).status).toBe(201);
      for (let i = 0; i < 25; i++) expect((await h.share(stranger, `stranger ${i}`)).status).toBe(201);
      const own = await h.share(viewer, 'my own');
      expect((await h.call('POST', '/api/social/follow', { token: viewer.token, body: { userId: friend.id } })).status).toBe(200);

      const seen: Post[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
        const r: { status: number; body: Page<Post> } = await h.call<Page<Post>>('GET', `/api/social/timeline${q}`, { token: viewer.token });
        expect(r.status).toBe(200);
        expect(r.body.items.length).toBeLessThanOrEqual(20);
        if (r.body.nextCursor) expect(r.body.items).toHaveLength(20);
        seen.push(...r.body.items);
        cursor = r.body.nextCursor;
        pages += 1;
      } while (cursor && pages < 50);

      const ids = seen.map((p) => p.id);
      expect(new Set(ids).size).toBe(ids.length); // no post twice
      const total = (await db.query<{ n: number }>('select count(*)::int as n from public.social_posts')).rows[0]!.n;
      expect(ids).toHaveLength(total); // none missing
      expect(pages).toBe(Math.ceil(total / 20));
      // The first four: the viewer's own post and the friend's three, newest first.
      expect(seen.slice(0, 4).map((p) => p.content)).toEqual(['my own', 'friend 2', 'friend 1', 'friend 0']);
      expect(seen.slice(0, 4).every((p) => p.fromFollowing)).toBe(true);
      expect(seen.slice(4).every((p) => !p.fromFollowing)).toBe(true);
      expect(seen[0]!.id).toBe(own.body.post.id);
      expect(seen[1]!.viewer.followsAuthor).toBe(true);
      // Within "everyone", newest first.
      const rest = seen.slice(4).map((p) => p.createdAt);
      expect([...rest].sort().reverse()).toEqual(rest);
      const strangers = seen.filter((p) => p.author.id === stranger.id).map((p) => p.content);
      expect(strangers).toEqual(Array.from({ length: 25 }, (_, i) => `stranger ${24 - i}`));

      for (const bad of ['nope', 'eyJnIjo5fQ', 'a'.repeat(400)]) {
        const r = await h.call<{ message: string; field: string }>('GET', `/api/social/timeline?cursor=${bad}`, { token: viewer.token });
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ field: 'cursor', message: 'cursor is not one this server gave out: start again without it' });
      }
    });

    it('only the owner deletes a post, a reaction, a comment or a follow: the second user is refused (API and /rest/v1)', async () => {
      const a = await h.member('own-a');
      const b = await h.member('own-b');
      const post = (await h.share(a, 'A post by A')).body.post;
      const rest = (who: { token: string }, method: string, path: string, body?: unknown) =>
        h.call<unknown>(method, `/rest/v1/${path}`, { token: who.token, body, headers: { prefer: 'return=representation' } });

      // B reacts and comments; A reacts too.
      expect((await h.call('POST', '/api/social/react', { token: b.token, body: { postId: post.id } })).body).toEqual({ postId: post.id, reacted: true, reactions: 1 });
      expect((await h.call('POST', '/api/social/react', { token: b.token, body: { postId: post.id } })).body).toMatchObject({ reactions: 1 }); // once per person
      expect((await h.call('POST', '/api/social/react', { token: a.token, body: { postId: post.id } })).body).toMatchObject({ reactions: 2 });
      const comment = (await h.call<{ comment: { id: string; isOwn: boolean } }>('POST', '/api/social/comments', { token: b.token, body: { postId: post.id, content: 'Lovely' } })).body.comment;
      expect(comment.isOwn).toBe(true);
      expect((await h.call('POST', '/api/social/follow', { token: b.token, body: { userId: a.id } })).status).toBe(200);

      // Through the API: B cannot delete A's post; A cannot delete B's comment.
      const bDeletes = await h.call<{ message: string }>('DELETE', `/api/social/posts/${post.id}`, { token: b.token });
      expect(bDeletes).toEqual({ status: 403, body: { error: 'forbidden', message: 'You can delete only your own posts' } });
      const aDeletesComment = await h.call<{ message: string }>('DELETE', `/api/social/comments/${comment.id}`, { token: a.token });
      expect(aDeletesComment.status).toBe(403);
      expect(aDeletesComment.body.message).toBe('You can delete only your own comments');

      // /rest/v1 writes nothing of the community (one write path: /api, migration
      // 20261127100000_one_write_path.sql): no delete, edit or insert, one's own rows included.
      expect((await rest(b, 'DELETE', `social_posts?id=eq.${post.id}`)).status).toBe(403);
      expect((await rest(b, 'DELETE', `social_reactions?post_id=eq.${post.id}&user_id=eq.${a.id}`)).status).toBe(403);
      expect((await rest(a, 'DELETE', `social_comments?id=eq.${comment.id}`)).status).toBe(403);
      expect((await rest(a, 'DELETE', `social_follows?follower_id=eq.${b.id}`)).status).toBe(403);
      expect((await rest(a, 'PATCH', `social_posts?id=eq.${post.id}`, { content: 'edited' })).status).toBe(403);
      expect((await rest(b, 'POST', 'social_posts', { user_id: a.id, content: 'forged', pattern: { name: 'x' }, pattern_key: 'x' })).status).toBe(403);
      expect((await rest(b, 'POST', 'social_reactions', { post_id: post.id, user_id: a.id })).status).toBe(403);
      expect((await rest(b, 'POST', 'social_follows', { follower_id: a.id, followee_id: b.id })).status).toBe(403);
      expect((await rest(b, 'POST', 'social_posts', { content: 'mine', pattern: { name: 'x' }, pattern_key: 'x' })).status).toBe(403);
      // ...and the database keeps its length limits for rows written by the API's role.
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`select set_config('role', 'pneuma_api', true), set_config('request.jwt.claim.sub', $1, true)`, [b.id]);
          await tx.query(`insert into public.social_posts (content, pattern, pattern_key) values ($1, '{"name":"x"}', 'x')`, ['x'.repeat(281)]);
        }),
      ).rejects.toThrow(/social_posts_content_check/);
      // Signed-in members read everything of the community but the reports.
      expect(((await rest(b, 'GET', `social_posts?id=eq.${post.id}&select=content`)).body as unknown[])).toEqual([{ content: 'A post by A' }]);

      const still = await db.query<{ n: number }>(
        `select (select count(*)::int from public.social_posts where id = $1) + (select count(*)::int from public.social_reactions where post_id = $1)
           + (select count(*)::int from public.social_comments where post_id = $1) as n`,
        [post.id],
      );
      expect(still.rows[0]!.n).toBe(1 + 2 + 1);

      // Each owner can take back their own: B's reaction and comment, then A's post (cascade).
      expect((await h.call('DELETE', `/api/social/react/${post.id}`, { token: b.token })).body).toEqual({ postId: post.id, reacted: false, reactions: 1 });
      expect((await h.call('DELETE', `/api/social/comments/${comment.id}`, { token: b.token })).status).toBe(204);
      expect((await h.call('DELETE', `/api/social/posts/${post.id}`, { token: a.token })).status).toBe(204);
      expect((await h.call<{ message: string }>('DELETE', `/api/social/posts/${post.id}`, { token: a.token })).body.message).toBe(
        'No post with that id (it may have been deleted)',
      );
      expect((await db.query('select count(*)::int as n from public.social_reactions where post_id = $1', [post.id])).rows[0]).toEqual({ n: 0 });
      expect((await h.call('DELETE', `/api/social/follow/${a.id}`, { token: b.token })).body).toEqual({ userId: a.id, following: false });
    });

    it('reactions, comments and follows: the other member sees them; bad requests get messages', async () => {
      const a = await h.member('rc-a', 'Ana');
      const b = await h.member('rc-b', 'Ben');
      const post = (await h.share(a, 'React to me')).body.post;
      await h.call('POST', '/api/social/react', { token: b.token, body: { postId: post.id } });
      await h.call('POST', '/api/social/follow', { token: b.token, body: { userId: a.id } });

      const find = async (who: { token: string }) => {
        let cursor: string | null = null;
        for (let i = 0; i < 50; i++) {
          const q: string = cursor ? `?cursor=${cursor}` : '';
          const page: { body: Page<Post> } = await h.call<Page<Post>>('GET', `/api/social/timeline${q}`, { token: who.token });
          const hit = page.body.items.find((p) => p.id === post.id);
          if (hit || !page.body.nextCursor) return hit;
          cursor = page.body.nextCursor;
        }
        return undefined;
      };
      expect((await find(a))?.stats.reactions).toBe(1); // A sees B's reaction
      expect((await find(a))?.viewer).toEqual({ isOwn: true, reacted: false, followsAuthor: false });
      expect((await find(b))?.viewer).toEqual({ isOwn: false, reacted: true, followsAuthor: true });
      expect((await find(b))?.fromFollowing).toBe(true);

      // 25 comments page as 20 + 5, oldest first.
      for (let i = 0; i < 25; i++) {
        const r = await h.call('POST', '/api/social/comments', { token: i % 2 ? a.token : b.token, body: { postId: post.id, content: `c${i}` } });
        expect(r.status).toBe(201);
      }
      const p1 = await h.call<Page<{ content: string; author: { name: string }; isOwn: boolean }>>('GET', `/api/social/posts/${post.id}/comments`, { token: a.token });
      expect(p1.body.items.map((x) => x.content)).toEqual(Array.from({ length: 20 }, (_, i) => `c${i}`));
      expect(p1.body.items[0]).toMatchObject({ author: { name: 'Ben' }, isOwn: false });
      const p2 = await h.call<Page<{ content: string }>>('GET', `/api/social/posts/${post.id}/comments?cursor=${p1.body.nextCursor}`, { token: a.token });
      expect(p2.body.items.map((x) => x.content)).toEqual(['c20', 'c21', 'c22', 'c23', 'c24']);
      expect(p2.body.nextCursor).toBeNull();

      const mine = await h.call<{ totals: { posts: number; reactions: number; comments: number }; items: Post[] }>('GET', '/api/social/posts/mine', { token: a.token });
      expect(mine.body.totals).toEqual({ posts: 1, reactions: 1, comments: 13 }); // B's 13 comments; A's own 12 do not count
      expect(mine.body.items.map((p) => p.id)).toEqual([post.id]);

      const missing = randomUUID();
      const bad: [string, string, unknown, number, string][] = [
        ['POST', '/api/social/react', { postId: missing }, 404, 'No post with that id (it may have been deleted)'],
        ['POST', '/api/social/react', { postId: 'x' }, 400, 'postId: postId must be a post id (UUID)'],
        ['POST', '/api/social/react', {}, 400, 'postId: postId must be a post id (UUID)'],
        ['DELETE', '/api/social/react/x', undefined, 400, 'The post id must be a UUID'],
        ['POST', '/api/social/follow', { userId: a.id }, 400, 'You cannot follow yourself'],
        ['POST', '/api/social/follow', { userId: missing }, 404, 'No member with that id'],
        ['POST', '/api/social/comments', { postId: post.id, content: ' ' }, 400, 'content: The comment is empty: write something first'],
        ['POST', '/api/social/comments', { postId: post.id, content: 'x'.repeat(501) }, 400, 'content: The comment can be at most 500 characters (this one has 501)'],
        ['POST', '/api/social/comments', { postId: missing, content: 'hi' }, 404, 'No post with that id (it may have been deleted)'],
        ['GET', `/api/social/posts/${missing}/comments`, undefined, 404, 'No post with that id (it may have been deleted)'],
        ['DELETE', `/api/social/comments/${missing}`, undefined, 404, 'No comment with that id'],
        ['POST', '/api/social/report', { postId: post.id, reason: 'spam' }, 400, 'You cannot report your own post: delete it instead'],
        ['POST', '/api/social/report', { postId: post.id, reason: 'boring' }, 400, 'reason: reason must be one of spam, harassment, harmful, other'],
      ];
      for (const [method, path, body, status, message] of bad) {
        const r = await h.call<{ message: string }>(method, path, { token: a.token, body });
        expect([r.status, r.body.message], `${method} ${path}`).toEqual([status, message]);
      }
    });

    it('a reported post is hidden from the reporter at once, not from others; reports are private', async () => {
      const author = await h.member('rep-author');
      const reporter = await h.member('rep-reporter');
      const other = await h.member('rep-other');
      const post = (await h.share(author, 'Reported post')).body.post;
      const visible = async (who: { token: string }) => {
        let cursor: string | null = null;
        for (let i = 0; i < 50; i++) {
          const q: string = cursor ? `?cursor=${cursor}` : '';
          const page: { body: Page<Post> } = await h.call<Page<Post>>('GET', `/api/social/timeline${q}`, { token: who.token });
          if (page.body.items.some((p) => p.id === post.id)) return true;
          if (!page.body.nextCursor) return false;
          cursor = page.body.nextCursor;
        }
        return false;
      };
      expect(await visible(reporter)).toBe(true);
      const r = await h.call('POST', '/api/social/report', { token: reporter.token, body: { postId: post.id, reason: 'spam', details: 'Selling things' } });
      expect(r).toEqual({ status: 201, body: { postId: post.id, hidden: true } });
      expect((await h.call('POST', '/api/social/report', { token: reporter.token, body: { postId: post.id, reason: 'other' } })).status).toBe(201);
      expect(await visible(reporter)).toBe(false);
      expect(await visible(other)).toBe(true);
      expect(await visible(author)).toBe(true);
      const own = await h.call<unknown[]>('GET', '/rest/v1/social_reports?select=reason,details', { token: reporter.token });
      expect(own.body).toEqual([{ reason: 'spam', details: 'Selling things' }]);
      expect((await h.call<unknown[]>('GET', '/rest/v1/social_reports?select=id', { token: author.token })).body).toEqual([]);
    });
    it('unseen replies: comments by others on the caller\'s own posts after the mark, nothing else', async () => {
      const author = await h.member('unseen-author');
      const other = await h.member('unseen-other');
      const mine = (await h.share(author, 'Mine to be replied to')).body.post;
      const theirs = (await h.share(other, 'Not the author post')).body.post;
      const before = new Date(Date.now() - 60_000).toISOString();
      const unseen = (who: { token: string }, since: string) =>
        h.call<{ count: number }>('GET', `/api/social/replies/unseen?since=${encodeURIComponent(since)}`, { token: who.token });
      expect((await unseen(author, before)).body.count).toBe(0);
      const comment = (who: { token: string }, postId: string, content: string) =>
        h.call('POST', '/api/social/comments', { token: who.token, body: { postId, content } });
      expect((await comment(other, mine.id, 'Nice one')).status).toBe(201);
      expect((await comment(other, mine.id, 'Again')).status).toBe(201);
      expect((await comment(author, mine.id, 'Thanks (own reply: not counted)')).status).toBe(201);
      expect((await comment(author, theirs.id, 'On their post: not counted for me')).status).toBe(201);
      expect(await unseen(author, before)).toEqual({ status: 200, body: { count: 2, since: before } });
      expect((await unseen(other, before)).body.count).toBe(1);
      const later = new Date(Date.now() + 60_000).toISOString();
      expect((await unseen(author, later)).body.count).toBe(0);
      const bad = await h.call<{ error: string }>('GET', '/api/social/replies/unseen?since=yesterday', { token: author.token });
      expect(bad.status).toBe(400);
      expect((await h.call('GET', '/api/social/replies/unseen', { token: author.token })).status).toBe(400);
      expect((await h.call('GET', `/api/social/replies/unseen?since=${before}`)).status).toBe(401);
    });
  });
}
