import type { Context } from 'hono';
import type { z } from 'zod';
import { apiError, parsedBody, asApiCaller, type SignedInCaller } from '../api/respond';
import type { Tx } from '../db/types';
import { MARKETPLACE_MEMBER, type MarketplaceDeps } from './listing';
import { noPattern, patternId } from './listing';
import { readPattern } from './rows';
import { publishSchema, ratingSchema, useSchema } from '../../src/contracts/marketplaceSchemas';

/** The caller's role after a publication (the first one makes them a creator). */
export async function roleOf(tx: Tx): Promise<string> {
  const r = await tx.query<{ role: string }>('select role from public.users where id = auth.uid()');
  return r.rows[0]?.role ?? 'user';
}

/**
 * POST /api/market/patterns {sourcePatternId, name, description, inhale, hold, exhale,
 * hold_after_exhale, category, difficulty, benefits}: publishes one of the caller's library
 * patterns (201), or updates and relists the one published from it before (200). The first
 * publication makes the caller a creator (a database rule; the answer carries the role).
 */
export function publishPattern(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return asApiCaller(c, deps, MARKETPLACE_MEMBER, async (caller) => {
    const body = await parsedBody(c, publishSchema);
    if (body instanceof Response) return body;
    return caller.run(async (tx) => {
      const r = await tx.query<{ id: string; inserted: boolean }>(
        `insert into public.marketplace_patterns (creator_id, source_pattern_id, name, description,
           inhale, hold, exhale, hold_after_exhale, category, difficulty, benefits)
         values (auth.uid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)
         on conflict (creator_id, source_pattern_id) do update set name = excluded.name,
           description = excluded.description, inhale = excluded.inhale, hold = excluded.hold,
           exhale = excluded.exhale, hold_after_exhale = excluded.hold_after_exhale,
           category = excluded.category, difficulty = excluded.difficulty,
           benefits = excluded.benefits, unpublished_at = null
         returning id, (xmax = 0) as inserted`,
        [
          body.sourcePatternId,
          body.name,
          body.description,
          body.inhale,
          body.hold,
          body.exhale,
          body.hold_after_exhale,
          body.category,
          body.difficulty,
          JSON.stringify(body.benefits),
        ],
      );
      const row = r.rows[0]!;
      const pattern = await readPattern(tx, row.id, caller.userId);
      return c.json({ pattern, role: await roleOf(tx) }, row.inserted ? 201 : 200);
    });
  });
}

/** DELETE /api/market/patterns/:id: the creator takes their pattern off the marketplace. */
export function unpublishPattern(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return asApiCaller(c, deps, MARKETPLACE_MEMBER, async (caller) => {
    const id = patternId(c);
    if (id instanceof Response) return id;
    return caller.run(async (tx) => {
      // Row-level security: only the creator's own row can change.
      const r = await tx.query(
        'update public.marketplace_patterns set unpublished_at = now() where id = $1 and unpublished_at is null',
        [id],
      );
      if (r.rowCount > 0) return c.body(null, 204);
      const p = await readPattern(tx, id, caller.userId);
      if (!p) return noPattern(c);
      if (!p.mine) return apiError(c, 403, 'forbidden', 'Only its creator can unpublish a pattern');
      return c.body(null, 204); // already unpublished
    });
  });
}

/** The live pattern the caller may rate or use, or the answer why not. */
async function openPattern(c: Context, tx: Tx, id: string, userId: string, action: string) {
  const p = await readPattern(tx, id, userId);
  if (!p || p.unpublished) return noPattern(c);
  if (p.mine) return apiError(c, 403, 'forbidden', `You cannot ${action} your own pattern`);
  return p;
}

/** As a signed-in caller: the :id pattern and the body `schema` accepts, in one transaction; or the 4xx answer. */
function withPatternBody<S extends z.ZodType>(
  c: Context,
  deps: MarketplaceDeps,
  schema: S,
  fn: (tx: Tx, caller: SignedInCaller, id: string, body: z.infer<S>) => Promise<Response>,
): Promise<Response> {
  return asApiCaller(c, deps, MARKETPLACE_MEMBER, async (caller) => {
    const id = patternId(c);
    if (id instanceof Response) return id;
    const body = await parsedBody(c, schema);
    if (body instanceof Response) return body;
    return caller.run((tx) => fn(tx, caller, id, body));
  });
}

/** PUT /api/market/patterns/:id/rating {rating: 1-5}: the caller's one rating (a new one replaces it). */
export function ratePattern(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return withPatternBody(c, deps, ratingSchema, async (tx, caller, id, body) => {
    const open = await openPattern(c, tx, id, caller.userId!, 'rate');
    if (open instanceof Response) return open;
    await tx.query(
      `insert into public.marketplace_ratings (pattern_id, user_id, rating) values ($1, auth.uid(), $2)
       on conflict (pattern_id, user_id) do update set rating = excluded.rating`,
      [id, body.rating],
    );
    return c.json({ pattern: await readPattern(tx, id, caller.userId) });
  });
}

/** DELETE /api/market/patterns/:id/rating: takes the caller's rating back. */
export function unratePattern(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return asApiCaller(c, deps, MARKETPLACE_MEMBER, async (caller) => {
    const id = patternId(c);
    if (id instanceof Response) return id;
    return caller.run(async (tx) => {
      await tx.query('delete from public.marketplace_ratings where pattern_id = $1 and user_id = auth.uid()', [id]);
      const p = await readPattern(tx, id, caller.userId);
      return p ? c.json({ pattern: p }) : noPattern(c);
    });
  });
}

/**
 * POST /api/market/patterns/:id/uses {kind: 'try'} | {kind: 'add', copyId}: the caller
 * opened a session with the pattern, or added it to their library as copyId (sessions with
 * that copy then count as its use). One row per person and kind; the creator's own use is
 * not recorded (counted: false).
 */
export function recordUse(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return withPatternBody(c, deps, useSchema, async (tx, caller, id, body) => {
    const p = await readPattern(tx, id, caller.userId);
    if (!p || p.unpublished) return noPattern(c);
    if (p.mine) return c.json({ counted: false, pattern: p });
    await tx.query(
      `insert into public.marketplace_uses (pattern_id, user_id, kind, copy_id) values ($1, auth.uid(), $2, $3)
       on conflict (pattern_id, user_id, kind) do update set last_at = now(), copy_id = excluded.copy_id`,
      [id, body.kind, body.kind === 'add' ? body.copyId : null],
    );
    return c.json({ counted: true, pattern: await readPattern(tx, id, caller.userId) });
  });
}
