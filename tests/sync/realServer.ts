import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createPneumaServer } from '../../server/app';
import type { Db } from '../../server/db/types';
import { makeKey } from '../../server/secrets';
import { openMigratedPglite } from '../support/migratedPglite';

/**
 * The real embedded backend (Hono + PGlite with the project's migrations and RLS),
 * listening on a port of the sync engineer's range (18850-18899).
 */
export interface RealServer {
  url: string;
  anonKey: string;
  db: Db;
  stop(): Promise<void>;
}

const SECRET = 'sync-tests-secret-that-is-at-least-32-characters';

export async function startRealServer(port: number, opts: { refreshReuseSeconds?: number } = {}): Promise<RealServer> {
  const db = await openMigratedPglite();
  const secrets = {
    jwtSecret: SECRET,
    anonKey: await makeKey(SECRET, 'anon'),
    serviceRoleKey: await makeKey(SECRET, 'service_role'),
  };
  const server = createPneumaServer({
    db,
    secrets,
    distDir: null,
    refreshReuseSeconds: opts.refreshReuseSeconds,
    rateLimits: { signup: { limit: 0, windowMs: 1000 }, token: { limit: 0, windowMs: 1000 } },
  });
  const http = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: server.app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
    s.on('error', reject);
  });
  const actual = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    anonKey: secrets.anonKey,
    db,
    stop: async () => {
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        (http as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await server.close();
    },
  };
}

export function supabase(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

let n = 0;
export async function signUp(sb: SupabaseClient, tag: string) {
  n += 1;
  const email = `${tag}.${process.pid}.${n}.${Date.now()}@example.test`;
  const { data, error } = await sb.auth.signUp({ email, password: 'correct horse 42' });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  return data.session;
}
