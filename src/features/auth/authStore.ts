import { useSyncExternalStore } from 'react';
import type { Session } from '@supabase/supabase-js';
import { getSupabase } from '../../backend/supabaseClient';
import {
  clearAuthSession,
  fromSupabaseSession,
  getAuthSession,
  saveAuthSession,
} from '../../data/authSessionRepo';

/**
 * Who is signed in, for every screen. The first answer comes from the copy kept in
 * IndexedDB (so an installed app offline still knows its user and the first screen need
 * not load supabase-js); supabase-js then takes over and its auth events keep the copy
 * fresh. A network failure never signs the user out.
 */
export interface AuthUser {
  id: string;
  email: string;
  name?: string;
  avatarUrl?: string;
}

export interface AuthState {
  status: 'loading' | 'signedOut' | 'signedIn';
  user: AuthUser | null;
}

let state: AuthState = { status: 'loading', user: null };
const listeners = new Set<() => void>();
let started = false;

function setState(next: AuthState): void {
  state = next;
  listeners.forEach((l) => l());
}

function userFromSession(session: Session): AuthUser {
  const meta = (session.user.user_metadata ?? {}) as Record<string, unknown>;
  const name = [meta.display_name, meta.name, meta.username].find((v) => typeof v === 'string' && v.trim());
  return {
    id: session.user.id,
    email: session.user.email ?? '',
    name: typeof name === 'string' ? name : undefined,
    avatarUrl: typeof meta.avatar_url === 'string' ? meta.avatar_url : undefined,
  };
}

async function applySession(session: Session | null): Promise<void> {
  if (session) {
    setState({ status: 'signedIn', user: userFromSession(session) });
    await saveAuthSession(fromSupabaseSession(session));
  } else {
    setState({ status: 'signedOut', user: null });
    await clearAuthSession();
  }
}

/** Starts listening; safe to call more than once. */
export function startAuth(): void {
  if (started) return;
  started = true;
  void (async () => {
    const cached = await getAuthSession().catch(() => undefined);
    if (state.status === 'loading') {
      setState(
        cached
          ? { status: 'signedIn', user: { id: cached.userId, email: cached.email } }
          : { status: 'signedOut', user: null },
      );
    }
    // A visitor who never signed in does not need supabase-js to see the first screen:
    // it loads when a session exists or when the auth screen asks for it (connectAuth).
    if (cached) await connectAuth(true);
  })();
}

let connected: Promise<void> | null = null;

/** Subscribes to supabase-js auth events (loads the library once). */
export function connectAuth(hadCachedUser = state.status === 'signedIn'): Promise<void> {
  if (!connected) connected = subscribeToSupabase(hadCachedUser);
  return connected;
}

async function subscribeToSupabase(cached: boolean): Promise<void> {
  try {
    const supabase = await getSupabase();
    supabase.auth.onAuthStateChange((event, session) => {
      // INITIAL_SESSION with no session while offline must not drop a cached user whose
      // refresh merely failed; an explicit SIGNED_OUT always clears.
      if (event === 'SIGNED_OUT') void applySession(null);
      else if (session) void applySession(session);
      else if (event === 'INITIAL_SESSION' && !cached) void applySession(null);
    });
  } catch {
    // supabase-js could not load (offline first start without cache): the cached state stands.
  }
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

export async function signOut(): Promise<void> {
  await connectAuth();
  const supabase = await getSupabase();
  await supabase.auth.signOut({ scope: 'local' });
  await applySession(null);
}
