import { getSupabase } from '../../backend/supabaseClient';
import { getAuthState } from '../auth/authStore';
import { syncPatterns, type PatternSyncResult } from './patternSync';

/** Runs the pattern upload for the signed-in user when the device is online. */
export async function requestPatternSync(): Promise<PatternSyncResult | null> {
  const { user } = getAuthState();
  if (!user || (typeof navigator !== 'undefined' && navigator.onLine === false)) return null;
  try {
    return await syncPatterns(await getSupabase(), user.id);
  } catch {
    return null; // offline or the library could not load: the rows stay pending
  }
}

let listening = false;
/** Also upload when the connection comes back (while the app is open). */
export function listenForPatternSync(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => void requestPatternSync());
}
