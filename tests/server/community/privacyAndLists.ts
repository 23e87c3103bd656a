import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { COMMUNITY_LISTS } from '../../../server/community/lists';
import { useTestDb, type Backend } from '../helpers';
import { BOX, communityHarness, type Member, type Page, type Post } from './harness';

type Harness = Awaited<ReturnType<typeof communityHarness>>;

/**
 * Community privacy and the highlights/exploration lists on a real database (PGlite and a
 * PostgreSQL 15 server): a member's privacy level is the synced preference row the app
 * uploads (`communityPreferences` in user_preferences, written through /rest/v1 as the
 * member, exactly as the outbox does), and the database's row-level security applies it to
 * /api/social and /rest/v1 alike.
 *
 * Does not prove: that the app uploads the preference (tests/sync covers the outbox); the
 * screens (e2e/community-lists.spec.ts).
 */
export function privacyAndListsSuite(kind: Backend) {
  describe(`community privacy and lists on ${kind}`, () => {
    let h: Harness;
    let db: Db;
    useTestDb(kind, async (opened) => {
      db = opened;
      h = await communityHarness(db);
    });

    /** The member's community preferences as the app syncs them (an upsert through /rest/v1). */
    async function setPrivacy(who: Member, privacyLevel: string) {
      const r = await h.call('POST', '/rest/v1/user_preferences?on_conflict=user_id,key', {
        token: who.token,
        headers: { prefer: 'resolution=merge-duplicates,return=minimal' },
        body: [
          {
            user_id: who.id,
            key: 'communityPreferences',
            value: { privacyLevel, shareByDefault: true },
          },
        ],
      });
      expect([200, 201]).toContain(r.status);
    }
    const timelineIds = async (who: Member) =>
      (
        await h.call<Page<Post>>('GET', '/api/social/timeline', { token: who.token })
      ).body.items.map((p) => p.id);
    const restIds = async (who: Member, table: string, column = 'id') =>
      (
        await h.call<Record<string, string>[]>('GET', `/rest/v1/${table}?select=${column}`, {
          token: who.token,
        })
      ).body.map((r) => r[column]);

    it('a private member’s posts, reactions and comments are served to nobody else; followers-only to followers', async () => {
      const priv = await h.member('priv', 'Private Pat');
      const fol = await h.member('fol', 'Followers Flo');
      const reader = await h.member('reader', 'Reader Rae');
      const follower = await h.member('follower', 'Follower Fin');
      const secret = (await h.share(priv, 'Only for me')).body.post;
      const circle = (await h.share(fol, 'For my followers')).body.post;
      // While both are public (the default), everyone sees both and can respond.
      expect(await timelineIds(reader)).toEqual(expect.arrayContaining([secret.id, circle.id]));
      expect(
        (
          await h.call('POST', '/api/social/react', {
            token: reader.token,
            body: { postId: secret.id },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await h.call('POST', '/api/social/comments', {
            token: reader.token,
            body: { postId: secret.id, content: 'Nice' },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await h.call('POST', '/api/social/follow', {
            token: follower.token,
            body: { userId: fol.id },
          })
        ).status,
      ).toBe(200);

      await setPrivacy(priv, 'private');
      await setPrivacy(fol, 'followers');

      // The private member's post: gone for others everywhere, old post included.
      for (const who of [reader, follower]) {
        const ids = await timelineIds(who);
        expect(ids).not.toContain(secret.id);
        expect(await restIds(who, 'social_posts')).not.toContain(secret.id);
        expect(await restIds(who, 'social_reactions', 'post_id')).not.toContain(secret.id);
        expect(await restIds(who, 'social_comments', 'post_id')).not.toContain(secret.id);
        const comments = await h.call('GET', `/api/social/posts/${secret.id}/comments`, {
          token: who.token,
        });
        expect(comments.status).toBe(404);
      }
      // Nobody can respond to a post they cannot see.
      expect(
        (
          await h.call('POST', '/api/social/react', {
            token: follower.token,
            body: { postId: secret.id },
          })
        ).status,
      ).toBe(404);
      // The author still sees their own post, with the responses it had.
      const own = await h.call<Page<Post>>('GET', '/api/social/timeline', { token: priv.token });
      expect(own.body.items.find((p) => p.id === secret.id)?.stats).toEqual({
        reactions: 1,
        comments: 1,
      });

      // Followers only: the follower sees it; the reader (no follow) does not.
      expect(await timelineIds(follower)).toContain(circle.id);
      expect(await timelineIds(reader)).not.toContain(circle.id);
      expect(await restIds(reader, 'social_posts')).not.toContain(circle.id);

      // Back to public: everyone sees it again.
      await setPrivacy(priv, 'public');
      expect(await timelineIds(reader)).toContain(secret.id);
      // An unknown stored value reads as public (as the app's parser does).
      await setPrivacy(fol, 'nonsense');
      expect(await timelineIds(reader)).toContain(circle.id);
    });

    it('a private member’s custom pattern never names a trending pattern or a challenge', async () => {
      const hidden = await h.member('hidden', 'Hidden Hal');
      const viewer = await h.member('viewer');
      await setPrivacy(hidden, 'private');
      const mine = {
        id: '0c0c0c0c-0000-4000-8000-00000000abcd',
        name: 'Hal secret rhythm',
        inhale: 5,
        hold: 0,
        exhale: 5,
        holdAfterExhale: 0,
      };
      for (let i = 0; i < 4; i++)
        expect((await h.share(hidden, `Round ${i}`, mine)).status).toBe(201);
      const trending = await h.call('GET', '/api/patterns/trending', { token: viewer.token });
      expect(JSON.stringify(trending.body)).not.toContain('Hal secret');
      const community = await h.call('GET', '/api/social/community', { token: viewer.token });
      expect(JSON.stringify(community.body)).not.toContain('Hal secret');
    });

    it(`highlights: at most ${COMMUNITY_LISTS.highlights} posts others responded to, most reactions first; exploration: newest posts of people not followed`, async () => {
      const author = await h.member('hl-author', 'Author Ann');
      const fans = await Promise.all(Array.from({ length: 3 }, (_, i) => h.member(`hl-fan-${i}`)));
      const me = await h.member('hl-me', 'Me');
      const quiet = (await h.share(author, 'Nobody answered')).body.post;
      const liked = (await h.share(author, 'Three reactions')).body.post;
      const talked = (await h.share(author, 'One reaction, one comment')).body.post;
      const selfLiked = (await h.share(author, 'Only my own reaction')).body.post;
      for (const f of fans)
        await h.call('POST', '/api/social/react', { token: f.token, body: { postId: liked.id } });
      await h.call('POST', '/api/social/react', {
        token: fans[0]!.token,
        body: { postId: talked.id },
      });
      await h.call('POST', '/api/social/comments', {
        token: fans[1]!.token,
        body: { postId: talked.id, content: 'Lovely' },
      });
      await h.call('POST', '/api/social/react', {
        token: author.token,
        body: { postId: selfLiked.id },
      });
      // Twelve more posts with one reaction each: the list stops at ten.
      for (let i = 0; i < 12; i++) {
        const p = (await h.share(fans[2]!, `Filler ${i}`)).body.post;
        await h.call('POST', '/api/social/react', {
          token: fans[0]!.token,
          body: { postId: p.id },
        });
      }

      const hl = await h.call<{ items: Post[] }>('GET', '/api/social/highlights', {
        token: me.token,
      });
      expect(hl.status).toBe(200);
      const ids = hl.body.items.map((p) => p.id);
      expect(ids).toHaveLength(COMMUNITY_LISTS.highlights);
      expect(ids.slice(0, 2)).toEqual([liked.id, talked.id]);
      expect(ids).not.toContain(quiet.id);
      expect(ids).not.toContain(selfLiked.id);
      expect(hl.body.items[0]!.stats.reactions).toBe(3);

      // A post older than the window is no highlight.
      await db.query(
        `update public.social_posts set created_at = now() - interval '8 days' where id = $1`,
        [liked.id],
      );
      const later = await h.call<{ items: Post[] }>('GET', '/api/social/highlights', {
        token: me.token,
      });
      expect(later.body.items.map((p) => p.id)).not.toContain(liked.id);

      // Exploration: others' posts only, never someone I follow, newest first.
      const own = (await h.share(me, 'My own post')).body.post;
      await h.call('POST', '/api/social/follow', {
        token: me.token,
        body: { userId: fans[2]!.id },
      });
      const ex = await h.call<{ items: Post[] }>('GET', '/api/social/explore', { token: me.token });
      expect(ex.status).toBe(200);
      const authors = new Set(ex.body.items.map((p) => p.author.id));
      expect(authors.has(me.id)).toBe(false);
      expect(authors.has(fans[2]!.id)).toBe(false);
      expect(ex.body.items.map((p) => p.id)).not.toContain(own.id);
      expect(ex.body.items.map((p) => p.id)).toEqual(expect.arrayContaining([quiet.id, talked.id]));
      const times = ex.body.items.map((p) => Date.parse(p.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(ex.body.items.length).toBeLessThanOrEqual(COMMUNITY_LISTS.exploration);
      expect(ex.body.items.every((p) => p.fromFollowing === false)).toBe(true);

      // A guest gets 401.
      for (const path of ['/api/social/highlights', '/api/social/explore']) {
        expect((await h.call('GET', path)).status).toBe(401);
      }
    });

    it('unseen activity: others’ comments, reactions and new followers after the mark; never one’s own', async () => {
      const me = await h.member('act-me');
      const other = await h.member('act-other');
      const post = (await h.share(me, 'Count my activity')).body.post;
      const before = new Date(Date.now() - 1000).toISOString();
      await h.call('POST', '/api/social/comments', {
        token: other.token,
        body: { postId: post.id, content: 'Hi' },
      });
      await h.call('POST', '/api/social/comments', {
        token: me.token,
        body: { postId: post.id, content: 'My own' },
      });
      await h.call('POST', '/api/social/react', { token: other.token, body: { postId: post.id } });
      await h.call('POST', '/api/social/react', { token: me.token, body: { postId: post.id } });
      await h.call('POST', '/api/social/follow', { token: other.token, body: { userId: me.id } });
      const r = await h.call(
        'GET',
        `/api/social/activity/unseen?since=${encodeURIComponent(before)}`,
        { token: me.token },
      );
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ comments: 1, reactions: 1, follows: 1 });
      const later = await h.call(
        'GET',
        `/api/social/activity/unseen?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
        {
          token: me.token,
        },
      );
      expect(later.body).toMatchObject({ comments: 0, reactions: 0, follows: 0 });
      const bad = await h.call<{ message: string }>(
        'GET',
        '/api/social/activity/unseen?since=yesterday',
        { token: me.token },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/since must be an ISO date/);
      expect(
        (await h.call('GET', `/api/social/activity/unseen?since=${encodeURIComponent(before)}`))
          .status,
      ).toBe(401);
    });

    it(`exploration stops at ${COMMUNITY_LISTS.exploration}`, async () => {
      const many = await h.member('ex-many');
      const me = await h.member('ex-me');
      for (let i = 0; i < COMMUNITY_LISTS.exploration + 3; i++)
        await h.share(many, `Post ${i}`, BOX);
      const ex = await h.call<{ items: Post[] }>('GET', '/api/social/explore', { token: me.token });
      expect(ex.body.items).toHaveLength(COMMUNITY_LISTS.exploration);
      expect(ex.body.items[0]!.content).toBe(`Post ${COMMUNITY_LISTS.exploration + 2}`);
    });
  });
}
