import { randomUUID } from 'node:crypto';
import type { Db } from '../../../server/db/types';
import { marketplaceRoutes } from '../../../server/marketplace/routes';
import type { MarketplacePage, MarketplacePattern } from '../../../src/contracts/marketplace';
import { testSecrets } from '../helpers';
import { communityHarness, type Member } from '../community/harness';

/**
 * The marketplace API and /rest/v1 in-process, on the community harness (its members,
 * sessions and calls), with /api/market mounted as server/app.ts mounts it.
 */
export async function marketplaceHarness(db: Db) {
  const h = await communityHarness(db);
  h.app.route('/api', marketplaceRoutes({ db, secrets: await testSecrets() }));

  let n = 0;
  /** A publishable pattern: box-like timings unless overridden. */
  const draft = (over: Record<string, unknown> = {}) => ({
    sourcePatternId: randomUUID(),
    name: `Pattern ${++n}`,
    description: 'Slow and even',
    inhale: 4,
    hold: 2,
    exhale: 6,
    hold_after_exhale: 0,
    category: 'stress',
    difficulty: 'Beginner',
    benefits: ['Calm'],
    ...over,
  });

  const publish = (who: Member, body: Record<string, unknown>) =>
    h.call<{ pattern: MarketplacePattern; role: string }>('POST', '/api/market/patterns', { token: who.token, body });

  const list = (query = '', who?: Member) =>
    h.call<MarketplacePage>('GET', `/api/market/patterns${query ? `?${query}` : ''}`, { token: who?.token });

  const one = (id: string, who?: Member) =>
    h.call<{ pattern: MarketplacePattern }>('GET', `/api/market/patterns/${id}`, { token: who?.token });

  const rate = (who: Member, id: string, rating: unknown) =>
    h.call<{ pattern: MarketplacePattern }>('PUT', `/api/market/patterns/${id}/rating`, { token: who.token, body: { rating } });

  const use = (who: Member, id: string, body: Record<string, unknown>) =>
    h.call<{ counted: boolean; pattern: MarketplacePattern }>('POST', `/api/market/patterns/${id}/uses`, { token: who.token, body });

  const rest = (who: Member | null, method: string, path: string, body?: unknown) =>
    h.call<unknown>(method, `/rest/v1/${path}`, { token: who?.token, body, headers: { prefer: 'return=representation' } });

  /** A synced session row with `completed` and `deleted_at` as given (written as the owner would). */
  async function session(who: Member, patternId: string, opts: { completed?: boolean; deleted?: boolean } = {}) {
    await db.query(
      `insert into public.sessions (id, user_id, pattern_id, pattern_name, session_duration, completed, deleted_at)
       values ($1, $2, $3, 'Practised', 120, $4, $5)`,
      [randomUUID(), who.id, patternId, opts.completed ?? true, opts.deleted ? new Date() : null],
    );
  }

  return { ...h, draft, publish, list, one, rate, use, rest, session };
}
