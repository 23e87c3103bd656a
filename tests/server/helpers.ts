import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { createPneumaServer } from '../../server/app';
import type { PneumaServerOptions, PneumaServer } from '../../server/app';
import type { Db } from '../../server/db/types';
import { makeKey } from '../../server/secrets';
import type { Secrets } from '../../server/secrets';
import { openMigratedPglite } from '../support/migratedPglite';
import { openMigratedPostgres } from '../support/sharedPostgres';

export const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long!';

export async function testSecrets(secret = TEST_SECRET): Promise<Secrets> {
  return {
    jwtSecret: secret,
    anonKey: await makeKey(secret, 'anon'),
    serviceRoleKey: await makeKey(secret, 'service_role'),
  };
}

export type Backend = 'pglite' | 'postgres';

/** A migrated database of the given kind, plus how to dispose of it. */
export async function openTestDb(kind: Backend): Promise<{ db: Db; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openMigratedPglite();
    return { db, dispose: () => db.close() };
  }
  return openMigratedPostgres();
}

/**
 * For the enclosing describe: opens a migrated database of `kind` before its tests, hands it
 * to `ready` (which mounts what the suite needs and may return a cleanup), and after the
 * tests runs that cleanup and disposes of the database. Allows two minutes for a
 * PostgreSQL cluster to start.
 */
export function useTestDb(
  kind: Backend,
  ready: (db: Db) => Promise<void | (() => Promise<void>)>,
): void {
  let dispose: (() => Promise<void>) | undefined;
  let cleanup: void | (() => Promise<void>);
  beforeAll(async () => {
    const opened = await openTestDb(kind);
    dispose = opened.dispose;
    cleanup = await ready(opened.db);
  }, 120_000);
  afterAll(async () => {
    try {
      if (cleanup) await cleanup();
    } finally {
      await dispose?.();
    }
  });
}

export interface Running {
  server: PneumaServer;
  url: string;
  secrets: Secrets;
  stop(): Promise<void>;
}

/** Starts the app on an ephemeral port of 127.0.0.1 (does not close the db). */
export async function listen(db: Db, extra: Partial<PneumaServerOptions> = {}): Promise<Running> {
  const secrets = extra.secrets ?? (await testSecrets());
  const server = createPneumaServer({
    db,
    secrets,
    distDir: null,
    rateLimits: { signup: { limit: 0, windowMs: 1000 }, token: { limit: 0, windowMs: 1000 } },
    ...extra,
  });
  const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const port = (http.address() as AddressInfo).port;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    secrets,
    stop: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        (http as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

export function client(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

let n = 0;
export function email(tag: string): string {
  n += 1;
  return `${tag}.${process.pid}.${n}.${Date.now()}@example.test`;
}

/** A session row as the app uploads it (a new client-made id each time). */
export function sessionRow(over: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    pattern_id: 'box',
    pattern_name: 'Box Breathing',
    session_duration: 240,
    cycle_count: 15,
    breath_hold_time: 4,
    restlessness_score: 12.5,
    start_time: new Date(Date.now() - 240_000).toISOString(),
    end_time: new Date().toISOString(),
    ...over,
  };
}
