import type { SupabaseClient } from '@supabase/supabase-js';
import { getConfig } from './config';

/**
 * supabase-js is loaded on demand (it is not needed to draw the first screen), once, and
 * shared by every feature.
 */
let clientPromise: Promise<SupabaseClient> | null = null;

export function getSupabase(): Promise<SupabaseClient> {
  if (!clientPromise) {
    clientPromise = import('@supabase/supabase-js').then(({ createClient }) => {
      const { supabaseUrl, supabaseAnonKey } = getConfig();
      return createClient(supabaseUrl, supabaseAnonKey, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
      });
    });
  }
  return clientPromise;
}
