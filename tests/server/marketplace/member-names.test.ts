import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { useTestDb } from '../helpers';
import { marketplaceHarness } from './harness';

/**
 * Member names on published patterns (supabase/migrations/20261127120200_member_names.sql),
 * on PGlite: a changed display name reaches the patterns already published, without
 * moving them in the 'newest' order; a member without one shows as 'Pneuma member'.
 * Not proven here: the same on a PostgreSQL server (the market suite's Postgres run covers
 * the stamp itself), or a hosted Supabase project's auth schema.
 */
describe('member names on published patterns', () => {
  let db: Db;
  let h: Awaited<ReturnType<typeof marketplaceHarness>>;
  useTestDb('pglite', async (opened) => {
    db = opened;
    h = await marketplaceHarness(db);
  });

  it('a renamed member’s listing shows the new name and keeps its date; no name reads Pneuma member', async () => {
    const ada = await h.member('rename-a', 'Ada');
    const published = await h.publish(ada, h.draft({ name: 'Evening Wave' }));
    expect(published.body.pattern.creator.name).toBe('Ada');
    const before = (await db.query<{ updated_at: Date }>('select updated_at from public.marketplace_patterns where creator_id = $1', [ada.id])).rows[0]!.updated_at;

    await db.query(
      `update auth.users set raw_user_meta_data = raw_user_meta_data || '{"display_name":"Ada Lovelace"}'::jsonb where id = $1`,
      [ada.id],
    );
    const listed = (await h.list('q=Evening')).body.items.find((p) => p.creator.id === ada.id);
    expect(listed?.creator.name).toBe('Ada Lovelace');
    const after = (await db.query<{ updated_at: Date }>('select updated_at from public.marketplace_patterns where creator_id = $1', [ada.id])).rows[0]!.updated_at;
    expect(after.getTime()).toBe(before.getTime());

    const nameless = await h.member('rename-b');
    expect((await h.publish(nameless, h.draft())).body.pattern.creator.name).toBe('Pneuma member');
  });
});
