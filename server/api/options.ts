import type { Hono } from 'hono';
import type { SessionCheck } from '../auth/revocation';
import type { Db } from '../db/types';
import type { Limits } from '../limits/limiter';
import type { ProxyTrust } from '../net/client-address';
import type { Secrets } from '../secrets';

export interface ApiOptions {
  db: Db;
  secrets: Secrets;
  version: string;
  /** Error reports are capped per client address (rule errorReports). */
  limits: Limits;
  /** Told when an account is deleted, so its tokens are refused at once. */
  sessions: SessionCheck;
  trust: ProxyTrust;
  /** Registers more /api routes (paths relative to /api) before the JSON 404. */
  extend?: (api: Hono, deps: { db: Db; secrets: Secrets }) => void;
}
