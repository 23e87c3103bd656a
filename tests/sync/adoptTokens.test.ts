import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { db } from '../../src/data/db';
import {
  adoptOutboxRefreshedTokens,
  fromSupabaseSession,
  saveAuthSession,
  supabaseStorageKey,
} from '../../src/data/authSessionRepo';
import { runOutbox } from '../../src/sync/outbox';
import { makeSession } from './helpers';
import { startRealServer, type RealServer } from './realServer';

/**
 * The service worker refreshed the tokens while no page was open. supabase-js (the page)
 * still has the rotated refresh token; using it again would end the session on the server.
 * The page adopts the outbox's tokens before supabase-js starts.
 */
let srv: RealServer;
beforeAll(async () => {
  srv = await startRealServer(18852, { refreshReuseSeconds: 0 });
});
afterAll(async () => {
  await srv?.stop();
});
beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
}

function pageClient(storage: ReturnType<typeof memoryStorage>) {
  return createClient(srv.url, srv.anonKey, {
    auth: { persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage },
    realtime: { transport: WebSocket as never },
  });
}

async function swRefreshedTokens(storage: ReturnType<typeof memoryStorage>) {
  const sb = pageClient(storage);
  const email = `adopt.${Date.now()}.${Math.random()}@example.test`;
  const { data, error } = await sb.auth.signUp({ email, password: 'correct horse 42' });
  expect(error).toBeNull();
  await saveAuthSession(fromSupabaseSession(data.session!));
  // The access token has expired by the time the service worker runs the outbox.
  await db.authSession.update('current', { accessToken: 'expired' });
  await db.sessions.put(makeSession({ userId: data.user!.id }, 1));
  const r = await runOutbox({ supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey }, { sleep: async () => undefined });
  expect(r).toMatchObject({ status: 'done', uploaded: 1 });
  expect((await db.authSession.get('current'))?.updatedBy).toBe('outbox');
  return data.session!;
}

describe('adopting tokens the outbox refreshed', () => {
  it('without adoption, supabase-js reusing its rotated refresh token loses the session (the hazard)', async () => {
    const storage = memoryStorage();
    await swRefreshedTokens(storage);
    const later = pageClient(storage);
    const { error } = await later.auth.refreshSession();
    expect(error?.message).toMatch(/Already Used/i);
  });

  it('with adoption, supabase-js continues with the new tokens and stays signed in', async () => {
    const storage = memoryStorage();
    const original = await swRefreshedTokens(storage);
    expect(await adoptOutboxRefreshedTokens(srv.url, storage)).toBe(true);
    const stored = JSON.parse(storage.getItem(supabaseStorageKey(srv.url))!) as { refresh_token: string; user: { id: string } };
    expect(stored.refresh_token).toBe((await db.authSession.get('current'))!.refreshToken);
    expect(stored.refresh_token).not.toBe(original.refresh_token);
    expect(stored.user.id).toBe(original.user.id);
    expect((await db.authSession.get('current'))?.updatedBy).toBe('page');

    const later = pageClient(storage);
    const { data, error } = await later.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(original.user.id);
    const rows = await later.from('sessions').select('id');
    expect(rows.error).toBeNull();
    expect(rows.data).toHaveLength(1);
    // Nothing to adopt a second time.
    expect(await adoptOutboxRefreshedTokens(srv.url, storage)).toBe(false);
  });

  it('does nothing for tokens the page wrote, or for another user', async () => {
    const storage = memoryStorage();
    await saveAuthSession({ accessToken: 'a', refreshToken: 'r', expiresAt: 1, userId: 'u1', email: 'e' });
    expect(await adoptOutboxRefreshedTokens(srv.url, storage)).toBe(false);
    await db.authSession.update('current', { updatedBy: 'outbox' });
    storage.setItem(supabaseStorageKey(srv.url), JSON.stringify({ refresh_token: 'x', user: { id: 'someone-else' } }));
    expect(await adoptOutboxRefreshedTokens(srv.url, storage)).toBe(false);
    expect(JSON.parse(storage.getItem(supabaseStorageKey(srv.url))!).refresh_token).toBe('x');
  });
});
