/**
 * The marketplace on the wire (docs/product.md § Discovery): its answers' shapes and query
 * rules, shared by the server (server/marketplace) and the app (src/backend/api/marketplaceApi.ts,
 * src/features/marketplace). Pure: no zod, no I/O. The request bodies' zod rules are in
 * ./marketplaceSchemas.ts (the page imports only their types).
 */
import {
  DIFFICULTIES,
  PATTERN_CATEGORIES,
  type Difficulty,
  type PatternCategory,
  type PatternDefinition,
} from '../domain/patterns';
import {
  MARKETPLACE_PAGE_MAX,
  MARKETPLACE_PAGE_SIZE,
  MARKETPLACE_QUERY_MAX,
  MARKETPLACE_SORTS,
  type MarketplaceSort,
} from './marketplaceLimits';
import type { MarketProgram, MarketProgramPage } from '../domain/marketplace/programListing';
import type { PublishBody, PublishProgramBody, RatingBody, UseBody } from './marketplaceSchemas';
import { endpoint, shape } from './endpoint';

/** The marketplace's endpoints under /api: reads with the public key or a user's token, writes as the user. */
export const MARKETPLACE_API = Object.freeze({
  /** ?q=&category=&difficulty=&sort=&page= (marketplaceQueryParams) */
  patterns: endpoint('GET', '/market/patterns', shape<MarketplacePage>()),
  publishPattern: endpoint(
    'POST',
    '/market/patterns',
    shape<{ pattern: MarketplacePattern; role: CreatorOverview['role'] }, PublishBody>(),
  ),
  pattern: endpoint('GET', '/market/patterns/:id', shape<{ pattern: MarketplacePattern }>()),
  unpublishPattern: endpoint('DELETE', '/market/patterns/:id', shape<void>()),
  rate: endpoint(
    'PUT',
    '/market/patterns/:id/rating',
    shape<{ pattern: MarketplacePattern }, RatingBody>(),
  ),
  unrate: endpoint(
    'DELETE',
    '/market/patterns/:id/rating',
    shape<{ pattern: MarketplacePattern }>(),
  ),
  recordUse: endpoint(
    'POST',
    '/market/patterns/:id/uses',
    shape<{ counted: boolean; pattern: MarketplacePattern }, UseBody>(),
  ),
  /** The caller's role and own publications. */
  mine: endpoint('GET', '/market/mine', shape<CreatorOverview>()),
  /** ?q=&page= */
  programs: endpoint('GET', '/market/programs', shape<MarketProgramPage>()),
  publishProgram: endpoint(
    'POST',
    '/market/programs',
    shape<{ program: MarketProgram; role: string }, PublishProgramBody>(),
  ),
  program: endpoint('GET', '/market/programs/:id', shape<{ program: MarketProgram }>()),
  unpublishProgram: endpoint('DELETE', '/market/programs/:id', shape<void>()),
});

export {
  MARKETPLACE_PAGE_MAX,
  MARKETPLACE_PAGE_SIZE,
  MARKETPLACE_QUERY_MAX,
  MARKETPLACE_SORTS,
  type MarketplaceSort,
} from './marketplaceLimits';

export interface MarketplaceQuery {
  /** Search text: matched in the name and the description, case-insensitive. */
  q: string;
  category: PatternCategory | 'all';
  difficulty: Difficulty | 'all';
  sort: MarketplaceSort;
  /** 1-based. */
  page: number;
}

export const DEFAULT_MARKETPLACE_QUERY: Readonly<MarketplaceQuery> = Object.freeze({
  q: '',
  category: 'all',
  difficulty: 'all',
  sort: 'rating',
  page: 1,
});

/** A published pattern as the marketplace API answers it. */
export interface MarketplacePattern extends PatternDefinition {
  id: string;
  creator: { id: string; name: string };
  createdAt: string;
  updatedAt: string;
  /** Ratings by people other than the creator; average null when there are none. */
  rating: { average: number | null; count: number };
  /**
   * Real use by people other than the creator: distinct people who tried it, added it to
   * their library or completed a session with it; completed sessions synced to the server.
   */
  usage: { users: number; sessions: number };
  /** The caller's own rating (signed in), else null. */
  yourRating: number | null;
  /** The caller published it. */
  mine: boolean;
  /** Taken off the marketplace (only its creator still sees it). */
  unpublished: boolean;
  /** The creator's own library pattern it was published from (sent to its creator only). */
  sourcePatternId?: string;
}

export interface MarketplacePage {
  items: MarketplacePattern[];
  total: number;
  page: number;
  pageSize: number;
}

/** What the app sends to publish one of the user's library patterns. */
export interface MarketplacePublishInput extends PatternDefinition {
  /** The id of the pattern in the user's library (publishing it again updates the listing). */
  sourcePatternId: string;
}

export type MarketplaceUseKind = 'try' | 'add';

export interface CreatorOverview {
  role: 'user' | 'creator' | 'instructor';
  patterns: MarketplacePattern[];
}

const isCategory = (x: string): x is PatternCategory =>
  (PATTERN_CATEGORIES as readonly string[]).includes(x);
const isDifficulty = (x: string): x is Difficulty =>
  (DIFFICULTIES as readonly string[]).includes(x);
const isSort = (x: string): x is MarketplaceSort =>
  (MARKETPLACE_SORTS as readonly string[]).includes(x);

/** A query from URL search parameters; anything unknown falls back to its default. */
export function marketplaceQueryFrom(params: Record<string, unknown>): MarketplaceQuery {
  const text = (k: string) =>
    typeof params[k] === 'string'
      ? (params[k] as string)
      : typeof params[k] === 'number'
        ? String(params[k])
        : '';
  const page = Number.parseInt(text('page'), 10);
  return {
    q: text('q').trim().slice(0, MARKETPLACE_QUERY_MAX),
    category: isCategory(text('category')) ? (text('category') as PatternCategory) : 'all',
    difficulty: isDifficulty(text('difficulty')) ? (text('difficulty') as Difficulty) : 'all',
    sort: isSort(text('sort')) ? (text('sort') as MarketplaceSort) : DEFAULT_MARKETPLACE_QUERY.sort,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MARKETPLACE_PAGE_MAX) : 1,
  };
}

/** The query's non-default parts as URL search parameters (stable order). */
export function marketplaceQueryParams(q: MarketplaceQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.q.trim()) out.q = q.q.trim();
  if (q.category !== 'all') out.category = q.category;
  if (q.difficulty !== 'all') out.difficulty = q.difficulty;
  if (q.sort !== DEFAULT_MARKETPLACE_QUERY.sort) out.sort = q.sort;
  if (q.page > 1) out.page = String(q.page);
  return out;
}

/** Pages needed for `total` patterns (at least 1). */
export function pageCount(total: number, pageSize = MARKETPLACE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
