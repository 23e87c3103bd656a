import type { Context } from 'hono';
import type { RequestAuth } from '../auth/request-caller';
import type { Db } from '../db/types';
import type { Secrets } from '../secrets';
import type { TableInfo } from './tableInfo';
import type { Media, Prefer } from './headers';
import type { ParsedQuery } from './query';
import type { StatementTimeouts } from './read-limits';
import type { TableCache } from './table-cache';

export interface RestOptions {
  db: Db;
  secrets: Secrets;
  /** Most rows one read returns, as Supabase's "Max rows" setting (default 1000). */
  maxRows?: number;
  /** Most bytes of one read's JSON body (default DEFAULT_MAX_RESPONSE_BYTES, read-limits.ts). */
  maxResponseBytes?: number;
  /** Statement timeouts by caller (default DEFAULT_STATEMENT_TIMEOUTS, read-limits.ts). */
  timeouts?: StatementTimeouts;
}

/** What the /rest/v1 handlers share: the options plus the schema cache. */
export interface RestDeps extends RestOptions {
  tables: TableCache;
}

/** One authenticated request on one table, parsed. */
export interface RestCall {
  c: Context;
  deps: RestDeps;
  auth: RequestAuth;
  table: TableInfo;
  query: ParsedQuery;
  media: Media;
  prefer: Prefer;
}
