import type { Hono } from 'hono';
import type { Db } from '../db/types';
import type { Secrets } from '../secrets';

export interface ApiOptions {
  db: Db;
  secrets: Secrets;
  version: string;
  /** Registers more /api routes (paths relative to /api) before the JSON 404. */
  extend?: (api: Hono, deps: { db: Db; secrets: Secrets }) => void;
}
