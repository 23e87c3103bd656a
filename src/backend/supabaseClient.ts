import type { SupabaseClient } from '@supabase/supabase-js';
import { getConfig } from './config';

/**
 * supabase-js is loaded on demand (it is not needed to draw the first screen), once, and
 * shared by every feature. So are the request helper it fetches through and the token
 * hand-over from the service worker's outbox.
 */
let clientPromise: Promise<SupabaseClient> | null = null;

async function createSupabase(): Promise<SupabaseClient> {
  const { supabaseUrl, supabaseAnonKey } = getConfig();
  const [{ adoptOutboxRefreshedTokens }, { resilientFetch }, { createClient }] = await Promise.all([
    import('../data/authSessionRepo'),
    import('./request'),
    import('@supabase/supabase-js'),
  ]);
  // Tokens the outbox refreshed in the service worker go to supabase-js first (auth-session repository).
  await adoptOutboxRefreshedTokens(supabaseUrl);
  return createClient(supabaseUrl, supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    // Through the one request helper: time limit, circuit breaker, retries for GET/HEAD.
    global: { fetch: resilientFetch('api') },
  });
}

export function getSupabase(): Promise<SupabaseClient> {
  clientPromise ??= createSupabase().catch((error: unknown) => {
    clientPromise = null; // a failed load (offline) may be retried later
    throw error;
  });
  return clientPromise;
}
