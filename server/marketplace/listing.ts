import type { Context } from 'hono';
import { validationFailed, apiError, idParam, asApiCaller, type CallerDeps } from '../api/respond';
import { MARKETPLACE_PAGE_SIZE, type MarketplacePage, type MarketplaceSort } from '../../src/contracts/marketplace';

export type MarketplaceDeps = CallerDeps;

/** Anyone may browse the marketplace (a guest with the anon key too). */
export const MARKETPLACE_READER = { guests: true, signIn: 'Not authenticated: sign in to publish, rate or save patterns' } as const;
/** Publishing, rating and saving need a signed-in user. */
export const MARKETPLACE_MEMBER = { ...MARKETPLACE_READER, guests: false } as const;
import { likeText, listingColumns, LISTING_FROM, readPattern, toMarketplacePattern, type ListingRow } from './rows';
import { listQuerySchema } from '../../src/contracts/marketplaceSchemas';

/** Highest rated first (unrated last), most used (distinct people, then sessions), newest. */
const ORDER: Record<MarketplaceSort, string> = {
  rating: 'l.rating_count > 0 desc, l.rating_avg desc, l.rating_count desc, l.created_at desc, l.id',
  usage: 'l.users desc, l.sessions desc, l.created_at desc, l.id',
  newest: 'l.created_at desc, l.id',
};

/**
 * GET /api/market/patterns?q=&category=&difficulty=&sort=rating|usage|newest&page=N: live
 * published patterns, MARKETPLACE_PAGE_SIZE a page, with the total. Guests may read.
 */
export function listPatterns(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return asApiCaller(c, deps, MARKETPLACE_READER, async (caller) => {
    const parsed = listQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return validationFailed(c, parsed.error);
    const q = parsed.data;
    const where = ['l.unpublished_at is null'];
    const args: unknown[] = [];
    if (q.q) {
      args.push(likeText(q.q));
      where.push(`(l.name ilike $${args.length} or l.description ilike $${args.length})`);
    }
    if (q.category !== 'all') {
      args.push(q.category);
      where.push(`l.category = $${args.length}`);
    }
    if (q.difficulty !== 'all') {
      args.push(q.difficulty);
      where.push(`l.difficulty = $${args.length}`);
    }
    const filter = where.join(' and ');
    return caller.run(async (tx) => {
      const total = await tx.query<{ n: number }>(`select count(*)::int as n from public.marketplace_listing l where ${filter}`, args);
      const rows = await tx.query<ListingRow>(
        `select ${listingColumns(caller.userId)} from ${LISTING_FROM} where ${filter}
         order by ${ORDER[q.sort]} limit ${MARKETPLACE_PAGE_SIZE} offset ${(q.page - 1) * MARKETPLACE_PAGE_SIZE}`,
        args,
      );
      const page: MarketplacePage = {
        items: rows.rows.map((r) => toMarketplacePattern(r, caller.userId)),
        total: total.rows[0]?.n ?? 0,
        page: q.page,
        pageSize: MARKETPLACE_PAGE_SIZE,
      };
      return c.json(page);
    });
  });
}

export const noPattern = (c: Context) =>
  apiError(c, 404, 'not_found', 'No published pattern with that id (it may have been unpublished)');

/** The UUID in the :id path parameter, or the 400 that says so. */
export const patternId = (c: Context): string | Response => idParam(c, 'id', 'pattern');

/** GET /api/market/patterns/:id: one live pattern (or the caller's own unpublished one). */
export function getPattern(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return asApiCaller(c, deps, MARKETPLACE_READER, async (caller) => {
    const id = patternId(c);
    if (id instanceof Response) return id;
    const p = await caller.run((tx) => readPattern(tx, id, caller.userId));
    return p ? c.json({ pattern: p }) : noPattern(c);
  });
}

/** GET /api/market/mine: the caller's role and every pattern they published (unpublished ones too). */
export function myPatterns(c: Context, deps: MarketplaceDeps): Promise<Response> {
  return asApiCaller(c, deps, MARKETPLACE_MEMBER, (caller) =>
    caller.run(async (tx) => {
      const role = await tx.query<{ role: string }>('select role from public.users where id = auth.uid()');
      const rows = await tx.query<ListingRow>(
        `select ${listingColumns(caller.userId)} from ${LISTING_FROM} where l.creator_id = auth.uid()
         order by l.unpublished_at is not null, l.created_at desc, l.id`,
      );
      return c.json({
        role: role.rows[0]?.role ?? 'user',
        patterns: rows.rows.map((r) => toMarketplacePattern(r, caller.userId)),
      });
    }),
  );
}
