import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { instructorRoutes } from '../../../server/instructor/routes';
import type { MarketProgram } from '../../../src/domain/marketplace/programListing';
import { getBuiltInProgram } from '../../../src/domain/programs/builtInPrograms';
import type { Db } from '../../../server/db/types';
import { testSecrets, useTestDb } from '../helpers';
import { marketplaceHarness } from './harness';

/**
 * Member names on published patterns and programs (supabase/migrations/
 * 20261127120200_member_names.sql, 20261129010000_program_member_names.sql), on PGlite: a
 * changed display name reaches the patterns and programs already published, without moving
 * them in the 'newest' order; a member without one shows as 'Pneuma member' on both (a
 * program said 'Member 3f2a' before, a piece of the account id).
 * Not proven here: the same on a PostgreSQL server (the market suite's Postgres run covers
 * the stamp itself), or a hosted Supabase project's auth schema.
 */
describe('member names on published patterns', () => {
  let db: Db;
  let h: Awaited<ReturnType<typeof marketplaceHarness>>;
  useTestDb('pglite', async (opened) => {
    db = opened;
    h = await marketplaceHarness(db);
    h.app.route('/api', instructorRoutes({ db, secrets: await testSecrets() }));
  });

  it('a renamed member’s listing shows the new name and keeps its date; no name reads Pneuma member', async () => {
    const ada = await h.member('rename-a', 'Ada');
    const published = await h.publish(ada, h.draft({ name: 'Evening Wave' }));
    expect(published.body.pattern.creator.name).toBe('Ada');
    const before = (
      await db.query<{ updated_at: Date }>(
        'select updated_at from public.marketplace_patterns where creator_id = $1',
        [ada.id],
      )
    ).rows[0]!.updated_at;

    await db.query(
      `update auth.users set raw_user_meta_data = raw_user_meta_data || '{"display_name":"Ada Lovelace"}'::jsonb where id = $1`,
      [ada.id],
    );
    const listed = (await h.list('q=Evening')).body.items.find((p) => p.creator.id === ada.id);
    expect(listed?.creator.name).toBe('Ada Lovelace');
    const after = (
      await db.query<{ updated_at: Date }>(
        'select updated_at from public.marketplace_patterns where creator_id = $1',
        [ada.id],
      )
    ).rows[0]!.updated_at;
    expect(after.getTime()).toBe(before.getTime());

    const nameless = await h.member('rename-b');
    expect((await h.publish(nameless, h.draft())).body.pattern.creator.name).toBe('Pneuma member');
  });

  it('a program shows the same name: Pneuma member without one, the new name after a rename, its date kept', async () => {
    const { id: _id, builtIn: _b, ...def } = getBuiltInProgram('box-rising')!;
    const publish = (token: string, name: string) =>
      h.call<{ program: MarketProgram }>('POST', '/api/market/programs', {
        token,
        body: { sourceProgramId: randomUUID(), program: { ...def, name } },
      });
    const nameless = await h.member('program-b');
    const first = await publish(nameless.token, 'Quiet Tide');
    expect(first.status).toBe(201);
    expect(first.body.program.creator.name).toBe('Pneuma member');

    const cy = await h.member('program-c', 'Cy');
    expect((await publish(cy.token, 'Slow Tide')).body.program.creator.name).toBe('Cy');
    const dated = () =>
      db.query<{ updated_at: Date; creator_name: string }>(
        'select updated_at, creator_name from public.marketplace_programs where creator_id = $1',
        [cy.id],
      );
    const before = (await dated()).rows[0]!;
    await db.query(
      `update auth.users set raw_user_meta_data = raw_user_meta_data || '{"display_name":"Cy Twombly"}'::jsonb where id = $1`,
      [cy.id],
    );
    const after = (await dated()).rows[0]!;
    expect(after.creator_name).toBe('Cy Twombly');
    expect(after.updated_at.getTime()).toBe(before.updated_at.getTime());
  });
});
