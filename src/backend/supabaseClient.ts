import type { SupabaseClient } from '@supabase/supabase-js';
import { getConfig } from './config';
import { adoptOutboxRefreshedTokens } from '../features/sync/adoptOutboxTokens';
import { resilientFetch } from './request';

/**
 * supabase-js is loaded on demand (it is not needed to draw the first screen), once, and
 * shared by every feature.
 */
let clientPromise: Promise<SupabaseClient> | null = null;

export function getSupabase(): Promise<SupabaseClient> {
  if (!clientPromise) {
    // Tokens the outbox refreshed in the service worker go to supabase-js first (sync feature).
    clientPromise = adoptOutboxRefreshedTokens(getConfig().supabaseUrl).then(() => import('@supabase/supabase-js')).then(({ createClient }) => {
      const { supabaseUrl, supabaseAnonKey } = getConfig();
      return createClient(supabaseUrl, supabaseAnonKey, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
        // Through the one request helper: time limit, circuit breaker, retries for GET/HEAD.
        global: { fetch: resilientFetch('api') },
      });
    });
  }
  return clientPromise;
}
