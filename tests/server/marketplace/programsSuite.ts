import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { instructorRoutes } from '../../../server/instructor/routes';
import type { MarketProgram, MarketProgramPage } from '../../../src/domain/marketplace/programListing';
import { getBuiltInProgram } from '../../../src/domain/programs/builtInPrograms';
import type { ProgramDefinition } from '../../../src/domain/programs/programTypes';
import { testSecrets, useTestDb, type Backend } from '../helpers';
import type { Member } from '../community/harness';
import { marketplaceHarness } from './harness';

type Harness = Awaited<ReturnType<typeof marketplaceHarness>>;

/** A built-in program's definition (the JSON a `/p/` link carries). */
function definitionOf(id: string, name?: string): ProgramDefinition {
  const { id: _id, builtIn: _b, ...def } = getBuiltInProgram(id)!;
  return { ...def, name: name ?? def.name };
}

const PROFILE = {
  displayName: 'Ida Coach',
  bio: 'Breathing coach for ten years, calm and practical.',
  credentials: 'Certified breathwork facilitator (2015), yoga teacher 500h.',
  specialities: ['Sleep'],
  photo: null,
};

/**
 * Programs in the marketplace and in courses (docs/product.md § Programs), on a real
 * database (PGlite and a PostgreSQL 15 server: programs-pglite.test.ts and
 * programs-postgres.test.ts): publishing a custom program through /api/market/programs
 * (checked with the one program schema), guests reading it, the creator alone updating,
 * unpublishing and seeing its source id, /rest/v1 refused; and a course day holding a
 * program item, a malformed one refused by the database.
 *
 * Not covered: ratings and usage figures of programs (not built: programs have no ratings),
 * moderation of published programs, the page (e2e/program-marketplace.spec.ts).
 */
export function programsMarketSuite(kind: Backend) {
  describe(`programs in the marketplace and courses on ${kind}`, () => {
    let db: Db;
    let h: Harness;
    let a: Member;
    let b: Member;
    useTestDb(kind, async (opened) => {
      db = opened;
      h = await marketplaceHarness(db);
      h.app.route('/api', instructorRoutes({ db, secrets: await testSecrets() }));
      a = await h.member('prog-a', 'Ada Program');
      b = await h.member('prog-b', 'Bea');
    });

    const publish = (who: Member | null, body: unknown) =>
      h.call<{ program: MarketProgram; role: string; message?: string }>('POST', '/api/market/programs', {
        token: who?.token,
        body,
      });
    const list = (who?: Member, query = '') =>
      h.call<MarketProgramPage>('GET', `/api/market/programs${query}`, { token: who?.token });

    it('a member publishes a program; guests and other members read it; only the creator sees its source', async () => {
      expect((await list()).body).toEqual({ items: [], total: 0, page: 1, pageSize: 12 });
      const source = randomUUID();
      const def = definitionOf('box-rising', 'Rising Harbour');
      expect((await publish(null, { sourceProgramId: source, program: def })).status).toBe(401);

      const r = await publish(a, { sourceProgramId: source, program: def });
      expect(r.status).toBe(201);
      expect(r.body.role).toBe('creator');
      expect(r.body.program).toMatchObject({
        program: def,
        creator: { id: a.id, name: 'Ada Program' },
        mine: true,
        unpublished: false,
        sourceProgramId: source,
      });
      // 18 cycles: 3 each at 4, 4.5, 5, 5.5 s per phase, then 6 at 6 s (4 phases).
      expect(r.body.program.plannedSeconds).toBe(4 * 3 * (4 + 4.5 + 5 + 5.5) + 4 * 6 * 6);

      const guest = await list();
      expect(guest.body.total).toBe(1);
      expect(guest.body.items[0]).toMatchObject({ program: def, mine: false });
      expect(guest.body.items[0]).not.toHaveProperty('sourceProgramId');
      const asB = await h.call<{ program: MarketProgram }>('GET', `/api/market/programs/${r.body.program.id}`, { token: b.token });
      expect(asB.body.program.program).toEqual(def);
      expect(asB.body.program).not.toHaveProperty('sourceProgramId');
      expect((await list(undefined, '?q=harbour')).body.total).toBe(1);
      expect((await list(undefined, '?q=nothing-like-it')).body.total).toBe(0);
      // Not through /rest/v1: the source id is not readable, and no client writes the table.
      // (the anon key's refusal reads 401, as for published patterns' source_pattern_id)
      expect((await h.rest(null, 'GET', 'marketplace_programs?select=source_program_id')).status).toBe(401);
      expect((await h.rest(b, 'GET', 'marketplace_programs?select=source_program_id')).status).toBe(403);
      const bRead = await h.rest(b, 'GET', 'marketplace_programs?select=id,name');
      expect(bRead.body).toEqual([{ id: r.body.program.id, name: 'Rising Harbour' }]);
      expect((await h.rest(a, 'POST', 'marketplace_programs', { source_program_id: randomUUID(), name: 'Direct', category: 'calm', planned_seconds: 60, definition: def })).status).toBe(403);
      expect((await h.rest(a, 'PATCH', `marketplace_programs?id=eq.${r.body.program.id}`, { name: 'Renamed directly' })).status).toBe(403);
    });

    it('a program the one schema refuses is not published, and says why', async () => {
      const def = definitionOf('box-rising');
      const cases: [unknown, RegExp][] = [
        [{ ...def, segments: [] }, /at least one segment/],
        [{ ...def, segments: Array.from({ length: 61 }, () => def.segments[0]) }, /at most 60 segments/],
        [{ ...def, version: 2 }, /version must be 1/],
        [{ ...def, segments: [{ kind: 'rest', seconds: 1e9 }] }, /segments\.0\.seconds|600/],
        [{ ...def, extra: '<script>' }, /extra|Unrecognized/i],
      ];
      for (const [program, why] of cases) {
        const r = await publish(b, { sourceProgramId: randomUUID(), program });
        expect(r.status, JSON.stringify(program).slice(0, 80)).toBe(400);
        expect(JSON.stringify(r.body)).toMatch(why);
      }
      expect((await publish(b, { sourceProgramId: 'not-a-uuid', program: def })).status).toBe(400);
      expect((await list()).body.total).toBe(1);
    });

    it('publishing again updates the listing; only the creator unpublishes', async () => {
      const source = randomUUID();
      const first = await publish(b, { sourceProgramId: source, program: definitionOf('breath-4-7-11', 'Bea Calm') });
      expect(first.status).toBe(201);
      const again = await publish(b, { sourceProgramId: source, program: definitionOf('breath-4-7-11', 'Bea Calmer') });
      expect(again.status).toBe(200);
      expect(again.body.program.id).toBe(first.body.program.id);
      expect(again.body.program.program.name).toBe('Bea Calmer');
      const id = first.body.program.id;
      expect((await h.call('DELETE', `/api/market/programs/${id}`, { token: a.token })).status).toBe(403);
      expect((await h.call('DELETE', `/api/market/programs/${id}`, { token: b.token })).status).toBe(204);
      expect((await list()).body.items.map((p) => p.program.name)).toEqual(['Rising Harbour']);
      expect((await h.call('GET', `/api/market/programs/${id}`)).status).toBe(404);
      const own = await h.call<{ program: MarketProgram }>('GET', `/api/market/programs/${id}`, { token: b.token });
      expect(own.body.program.unpublished).toBe(true);
      expect((await h.call('GET', '/api/market/programs/nope')).status).toBe(400);
    });

    it('published programs count against the account\'s storage quota (413, the quota named)', async () => {
      const c = await h.member('prog-c', 'Cy');
      await db.query(`update pneuma_private.storage_quotas set max_rows = 1 where tbl = 'marketplace_programs'`);
      try {
        expect((await publish(c, { sourceProgramId: randomUUID(), program: definitionOf('box-rising') })).status).toBe(201);
        const over = await publish(c, { sourceProgramId: randomUUID(), program: definitionOf('box-rising') });
        expect(over.status).toBe(413);
        expect(JSON.stringify(over.body)).toMatch(/at most 1 published programs per account/);
      } finally {
        await db.query(`update pneuma_private.storage_quotas set max_rows = 500 where tbl = 'marketplace_programs'`);
      }
    });

    it('a course day may hold a program (its definition copied in); a malformed program item is refused', async () => {
      expect((await h.call('PUT', '/api/instructor/profile', { token: a.token, body: PROFILE })).status).toBe(200);
      const program = definitionOf('box-rising', 'Rising Harbour');
      const course = (days: unknown[]) => ({
        id: randomUUID(),
        title: 'Programs week',
        description: '',
        level: 'Beginner',
        days,
        status: 'published',
      });
      const upsert = (rows: unknown[]) =>
        h.call('POST', '/rest/v1/courses?on_conflict=id', {
          token: a.token,
          body: rows,
          headers: { prefer: 'resolution=merge-duplicates,return=minimal' },
        });
      const good = course([
        { note: 'Only the program', patterns: [], programs: [{ id: 'p1', name: program.name, program }] },
        { note: 'A pattern', patterns: [{ id: 'box', name: 'Box', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 }] },
      ]);
      expect((await upsert([good])).status).toBe(201);
      const read = await h.call<{ days: { programs?: { program: ProgramDefinition }[] }[] }[]>('GET', `/rest/v1/courses?id=eq.${good.id}&select=days`);
      expect(read.body[0]!.days[0]!.programs![0]!.program).toEqual(program);

      const bad: unknown[][] = [
        [{ note: 'Empty day', patterns: [], programs: [] }],
        [{ note: 'x', patterns: [], programs: [{ id: 'p1', name: 'No program' }] }],
        [{ note: 'x', patterns: [], programs: [{ id: 'p1', name: { html: '<b>' }, program }] }],
        [{ note: 'x', patterns: [], programs: [{ id: 'p1', name: 'No segments', program: { ...program, segments: [] } }] }],
        [{ note: 'x', patterns: [], programs: [1, 2, 3].map((n) => ({ id: `p${n}`, name: 'Three', program })) }],
        [{ note: 'x', patterns: [], programs: 'p1' }],
      ];
      for (const days of bad) expect((await upsert([course(days)])).status, JSON.stringify(days).slice(0, 90)).toBe(400);
      // A draft may still be unfinished.
      expect((await upsert([{ ...course([{ note: '', patterns: [] }]), status: 'draft' }])).status).toBe(201);
    });
  });
}
