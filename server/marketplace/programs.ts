import type { Context, Hono } from 'hono';
import { apiError, idParam, parsedBody, validationFailed, asApiCaller } from '../api/respond';
import type { Tx } from '../db/types';
import {
  MARKETPLACE_PROGRAM_PAGE_SIZE,
  type MarketProgram,
  type MarketProgramPage,
} from '../../src/domain/marketplace/programListing';
import type { ProgramDefinition } from '../../src/domain/programs/programTypes';
import { plannedProgramMs } from '../../src/domain/programs/timeline';
import { MARKETPLACE_MEMBER, MARKETPLACE_READER, type MarketplaceDeps } from './listing';
import { iso, likeText } from './rows';
import { roleOf } from './writes';
import { programListQuerySchema, publishProgramSchema } from '../../src/contracts/marketplaceSchemas';
import { MARKETPLACE_API } from '../../src/contracts/marketplace';

/**
 * Programs in the marketplace, mounted with the pattern marketplace at /api (docs/product.md
 * § Programs; supabase/migrations/20261127141000_marketplace_programs.sql):
 *   GET    /market/programs?q=&page=N   live published programs, newest first (guests too);
 *   GET    /market/programs/:id         one (live, or the caller's own);
 *   POST   /market/programs {sourceProgramId, program}  publish (201) or update and relist (200);
 *   DELETE /market/programs/:id         the creator takes it off the marketplace.
 * The program is parsed with the one program schema (src/domain/programs/programSchema.ts),
 * the same the /create builder and `/p/` links use; row-level security decides who writes.
 */
interface ProgramRow {
  id: string;
  creator_id: string;
  creator_name: string;
  source_program_id: string | null;
  planned_seconds: number;
  definition: ProgramDefinition;
  created_at: Date | string;
  updated_at: Date | string;
  unpublished_at: Date | string | null;
}

/** source_program_id is read by the API's role only, and told to the creator alone. */
const columns = (callerId: string | null) =>
  `p.id, p.creator_id, p.creator_name, p.planned_seconds, p.definition, p.created_at, p.updated_at,
   p.unpublished_at, ${callerId === null ? 'null::uuid as source_program_id' : 'p.source_program_id'}`;
const FROM = 'public.marketplace_programs p';

function toMarketProgram(row: ProgramRow, callerId: string | null): MarketProgram {
  const mine = callerId !== null && row.creator_id === callerId;
  return {
    id: row.id,
    program: row.definition,
    plannedSeconds: Number(row.planned_seconds),
    creator: { id: row.creator_id, name: row.creator_name },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    mine,
    unpublished: row.unpublished_at !== null,
    ...(mine && row.source_program_id ? { sourceProgramId: row.source_program_id } : {}),
  };
}

async function readProgram(tx: Tx, id: string, callerId: string | null): Promise<MarketProgram | undefined> {
  const r = await tx.query<ProgramRow>(`select ${columns(callerId)} from ${FROM} where p.id = $1`, [id]);
  return r.rows[0] ? toMarketProgram(r.rows[0], callerId) : undefined;
}

const noProgram = (c: Context) =>
  apiError(c, 404, 'not_found', 'No published program with that id (it may have been unpublished)');

const programId = (c: Context): string | Response => idParam(c, 'id', 'program');

function listPrograms(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return asApiCaller(c, deps, MARKETPLACE_READER, async (caller) => {
    const parsed = programListQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return validationFailed(c, parsed.error);
    const q = parsed.data;
    const where = ['p.unpublished_at is null'];
    const args: unknown[] = [];
    if (q.q) {
      args.push(likeText(q.q));
      where.push(`(p.name ilike $1 or p.description ilike $1)`);
    }
    const filter = where.join(' and ');
    return caller.run(async (tx) => {
      const total = await tx.query<{ n: number }>(`select count(*)::int as n from ${FROM} where ${filter}`, args);
      const rows = await tx.query<ProgramRow>(
        `select ${columns(caller.userId)} from ${FROM} where ${filter}
         order by p.created_at desc, p.id limit ${MARKETPLACE_PROGRAM_PAGE_SIZE} offset ${(q.page - 1) * MARKETPLACE_PROGRAM_PAGE_SIZE}`,
        args,
      );
      const page: MarketProgramPage = {
        items: rows.rows.map((r) => toMarketProgram(r, caller.userId)),
        total: total.rows[0]?.n ?? 0,
        page: q.page,
        pageSize: MARKETPLACE_PROGRAM_PAGE_SIZE,
      };
      return c.json(page);
    });
  });
}

function getProgram(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return asApiCaller(c, deps, MARKETPLACE_READER, async (caller) => {
    const id = programId(c);
    if (id instanceof Response) return id;
    const p = await caller.run((tx) => readProgram(tx, id, caller.userId));
    return p ? c.json({ program: p }) : noProgram(c);
  });
}

function publishProgram(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return asApiCaller(c, deps, MARKETPLACE_MEMBER, async (caller) => {
    const body = await parsedBody(c, publishProgramSchema);
    if (body instanceof Response) return body;
    const def = body.program;
    const plannedSeconds = Math.max(1, Math.round(plannedProgramMs(def) / 1000));
    return caller.run(async (tx) => {
      const r = await tx.query<{ id: string; inserted: boolean }>(
        `insert into public.marketplace_programs (creator_id, source_program_id, name, description,
           category, planned_seconds, definition)
         values (auth.uid(), $1, $2, $3, $4, $5, $6::jsonb)
         on conflict (creator_id, source_program_id) do update set name = excluded.name,
           description = excluded.description, category = excluded.category,
           planned_seconds = excluded.planned_seconds, definition = excluded.definition,
           unpublished_at = null
         returning id, (xmax = 0) as inserted`,
        [body.sourceProgramId, def.name, def.description, def.category, plannedSeconds, JSON.stringify(def)],
      );
      const row = r.rows[0]!;
      return c.json(
        { program: await readProgram(tx, row.id, caller.userId), role: await roleOf(tx) },
        row.inserted ? 201 : 200,
      );
    });
  });
}

function unpublishProgram(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return asApiCaller(c, deps, MARKETPLACE_MEMBER, async (caller) => {
    const id = programId(c);
    if (id instanceof Response) return id;
    return caller.run(async (tx) => {
      const r = await tx.query(
        'update public.marketplace_programs set unpublished_at = now() where id = $1 and unpublished_at is null',
        [id],
      );
      if (r.rowCount > 0) return c.body(null, 204);
      const p = await readProgram(tx, id, caller.userId);
      if (!p) return noProgram(c);
      if (!p.mine) return apiError(c, 403, 'forbidden', 'Only its creator can unpublish a program');
      return c.body(null, 204);
    });
  });
}

/** Adds the program routes to the marketplace's router (server/marketplace/routes.ts). */
export function addProgramRoutes(app: Hono, deps: MarketplaceDeps): void {
  app.on(MARKETPLACE_API.programs.method, MARKETPLACE_API.programs.path, (c) => listPrograms(c, deps));
  app.on(MARKETPLACE_API.publishProgram.method, MARKETPLACE_API.publishProgram.path, (c) => publishProgram(c, deps));
  app.on(MARKETPLACE_API.program.method, MARKETPLACE_API.program.path, (c) => getProgram(c, deps));
  app.on(MARKETPLACE_API.unpublishProgram.method, MARKETPLACE_API.unpublishProgram.path, (c) => unpublishProgram(c, deps));
}
