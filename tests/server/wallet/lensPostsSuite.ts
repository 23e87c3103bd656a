import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { useTestDb, type Backend } from '../helpers';
import { communityHarness, type Member, type Page, type Post } from '../community/harness';

/**
 * A community post's Lens post id (migration 20261123065000) on a real database: the author
 * records it once through PUT /api/social/posts/:id/lens (the one write path of posts,
 * migration 20261127100000) and the feed answers it; another member cannot set it, the author
 * cannot change it once set, /rest/v1 writes nothing of a post, and a malformed id is refused.
 */
export function lensPostsSuite(kind: Backend): void {
  describe(`Lens post ids on community posts (${kind})`, () => {
    let db: Db;
    let h: Awaited<ReturnType<typeof communityHarness>>;
    useTestDb(kind, async (opened) => {
      db = opened;
      h = await communityHarness(db);
    });

    const patch = (who: Member, id: string, body: Record<string, unknown>) =>
      h.call<unknown[]>('PATCH', `/rest/v1/social_posts?id=eq.${id}`, {
        token: who.token,
        body,
        headers: { prefer: 'return=representation' },
      });
    const record = (who: Member, id: string, lensPostId: unknown) =>
      h.call<{ post?: Post; message?: string }>('PUT', `/api/social/posts/${id}/lens`, {
        token: who.token,
        body: { lensPostId },
      });
    const stored = async (id: string) =>
      (await db.query<{ lens_post_id: string | null }>(
        'select lens_post_id from public.social_posts where id = $1',
        [id],
      )).rows[0]?.lens_post_id;

    it('only the author records it, once, and the feed shows it', async () => {
      const a = await h.member('lens-a', 'Ada');
      const b = await h.member('lens-b');
      const shared = await h.share(a, 'Also on Lens soon');
      expect(shared.status).toBe(201);
      const id = shared.body.post.id;
      expect(shared.body.post.lensPostId).toBeNull();

      // another member: refused
      const other = await record(b, id, '0x01-0x02');
      expect(other.status).toBe(403);
      expect(await stored(id)).toBeNull();
      // /rest/v1 writes nothing of a post, the author's own Lens id included
      expect((await patch(a, id, { lens_post_id: '0x01-0x02' })).status).toBe(403);
      expect(await stored(id)).toBeNull();

      // a malformed id, then the author's real one (the same one again is fine)
      expect((await record(a, id, '<b>x</b>')).status).toBe(400);
      const mine = await record(a, id, '0x01-0x02');
      expect(mine.status).toBe(200);
      expect(mine.body.post?.lensPostId).toBe('0x01-0x02');
      expect((await record(a, id, '0x01-0x02')).status).toBe(200);
      expect(await stored(id)).toBe('0x01-0x02');

      // set once
      const again = await record(a, id, '0x01-0x03');
      expect(again.status).toBe(403);
      expect(again.body.message).toBe('The Lens post of a community post is recorded once');
      expect((await patch(a, id, { content: 'edited' })).status).toBe(403);
      expect((await record(a, randomUUID(), '0x01-0x04')).status).toBe(404);
      expect(await stored(id)).toBe('0x01-0x02');

      const feed = await h.call<Page<Post>>('GET', '/api/social/timeline', { token: b.token });
      expect(feed.body.items.find((p) => p.id === id)?.lensPostId).toBe('0x01-0x02');
    });
  });
}
