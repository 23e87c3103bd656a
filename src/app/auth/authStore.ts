import { useSyncExternalStore } from 'react';
import type { Session } from '@supabase/supabase-js';
import type { StoredAuthSession } from '../../data/authSessionRepo';
import { loadLocalData } from '../../data/loadLocalData';
import { withinStorageWait } from '../../data/storageWait';
import { rememberSignedIn } from './signedInHint';
// Loaded at sign-in and sign-out only (not needed for the first screen).
const personData = () => import('../../sync/personData');
// The users row is read after sign-in, through the one requester: not part of the first load.
const userRow = () => import('./userRow');
import { currentAuthLevel, parseRole, type AuthLevel, type UserRole } from '../../domain/authLevel';

// supabase-js (and its client module) load only when auth actually talks to the backend.
const getSupabase = () => import('../../backend/supabaseClient').then((m) => m.getSupabase());

/**
 * Who is signed in, for every screen. The first answer comes from the copy kept in
 * IndexedDB (so an installed app offline still knows its user and the first screen need
 * not load supabase-js); supabase-js then takes over and its auth events keep the copy
 * fresh. A network failure never signs the user out.
 *
 * Also kept here: the role from the users table (a row {id, role: 'user'} is created on
 * first sign-in), the profile name and avatar from the account metadata (display_name,
 * avatar_url), and the auth level (none < supabase < evm < flow). Name, avatar and role
 * are cached per user in localStorage so they show offline too.
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
  /** From the users table; null until known. */
  role: UserRole | null;
  level: AuthLevel;
}

interface WalletFacts {
  evmConnected: boolean;
  flowConnected: boolean;
}

/** Before the stored session is read; also what prerendered pages show (useAuth). */
const LOADING: AuthState = { status: 'loading', user: null, role: null, level: 'none' };
let state: AuthState = LOADING;
let wallets: WalletFacts = { evmConnected: false, flowConnected: false };
const listeners = new Set<() => void>();
let started = false;

function setState(next: Omit<AuthState, 'level'>): void {
  // The hint follows the session, not each role or wallet change.
  if (next.status !== state.status && next.status !== 'loading')
    rememberSignedIn(next.status === 'signedIn');
  state = {
    ...next,
    level: currentAuthLevel({ signedIn: next.status === 'signedIn', ...wallets }),
  };
  listeners.forEach((l) => l());
}

// ---------------------------------------------------------------------------------------
// Profile cache (name, avatar, role) per user, for offline starts.

interface CachedProfile {
  name?: string;
  avatarUrl?: string;
  role?: UserRole;
}

const profileKey = (userId: string) => `pneuma.profile.${userId}`;

function readProfile(userId: string): CachedProfile {
  try {
    const raw = localStorage.getItem(profileKey(userId));
    if (!raw) return {};
    const p = JSON.parse(raw) as Record<string, unknown>;
    return {
      name: typeof p.name === 'string' ? p.name : undefined,
      avatarUrl: typeof p.avatarUrl === 'string' ? p.avatarUrl : undefined,
      role: p.role === undefined ? undefined : parseRole(p.role),
    };
  } catch {
    return {};
  }
}

function writeProfile(userId: string, patch: CachedProfile): void {
  try {
    localStorage.setItem(profileKey(userId), JSON.stringify({ ...readProfile(userId), ...patch }));
  } catch {
    // storage full or blocked: the live values still show this visit
  }
}

function userFromSession(session: Session): AuthUser {
  const meta = (session.user.user_metadata ?? {}) as Record<string, unknown>;
  const name = [meta.display_name, meta.name, meta.username].find(
    (v) => typeof v === 'string' && v.trim(),
  );
  return {
    id: session.user.id,
    email: session.user.email ?? '',
    name: typeof name === 'string' ? name.trim() : undefined,
    avatarUrl: typeof meta.avatar_url === 'string' && meta.avatar_url ? meta.avatar_url : undefined,
  };
}

/** The name to greet the user with: the profile name, else the part of the email before @. */
export function displayName(user: Pick<AuthUser, 'name' | 'email'>): string {
  return user.name?.trim() || user.email.split('@')[0] || user.email;
}

/**
 * The access token last stored by applySession. A sign-in reaches applySession twice (the
 * sign-in screen's adoptSession, then supabase-js's SIGNED_IN event): the second only
 * refreshes the in-memory state, without storing the session or adopting guest rows again.
 */
let storedToken: string | null = null;

async function applySession(session: Session | null): Promise<void> {
  if (session) {
    const user = userFromSession(session);
    const cached = readProfile(user.id);
    const sameUser = state.user?.id === user.id;
    writeProfile(user.id, { name: user.name, avatarUrl: user.avatarUrl });
    setState({
      status: 'signedIn',
      user,
      role: (sameUser ? state.role : null) ?? cached.role ?? null,
    });
    if (storedToken === session.access_token) return;
    storedToken = session.access_token;
    const data = await loadLocalData();
    // The copy for the service worker. Bounded: a store another page holds locked must not
    // hold up a sign-in that already succeeded; the write is queued and lands when the lock
    // goes, and supabase-js writes it again at its next auth event.
    const saved = await withinStorageWait(
      data.saveAuthSession(data.fromSupabaseSession(session)),
      'store the sign-in',
    ).then(
      () => true,
      () => false,
    );
    // Favourites, ratings and preferences chosen while signed out join the account.
    if (saved) {
      await withinStorageWait(
        personData().then((m) => m.adoptGuestChoices(user.id)),
        'adopt guest choices',
      ).catch(() => undefined);
    }
    scheduleRoleLoad(user.id);
  } else {
    storedToken = null;
    setState({ status: 'signedOut', user: null, role: null });
    await withinStorageWait((await loadLocalData()).clearAuthSession(), 'forget the sign-in');
  }
}

// ---------------------------------------------------------------------------------------
// Role and the users row.

const roleLoaded = new Set<string>();

function scheduleRoleLoad(userId: string): void {
  if (roleLoaded.has(userId)) return;
  roleLoaded.add(userId);
  // Outside the auth-event callback: supabase-js must not be called from inside it.
  setTimeout(() => {
    void (async () => {
      try {
        const { data } = await (await getSupabase()).auth.getSession();
        if (data.session?.user.id !== userId) {
          roleLoaded.delete(userId); // signed out (or another user) meanwhile: load at the next sign-in
          return;
        }
        const role = await (await userRow()).ensureUserRow(userId, data.session.access_token);
        writeProfile(userId, { role });
        if (state.user?.id === userId) setState({ status: state.status, user: state.user, role });
      } catch {
        roleLoaded.delete(userId); // offline or server trouble: try again when back online
        if (typeof window !== 'undefined') {
          window.addEventListener(
            'online',
            () => state.user?.id === userId && scheduleRoleLoad(userId),
            { once: true },
          );
        }
      }
    })();
  }, 0);
}

/** Reads the role again after a server rule changed it (a first published pattern makes a creator). */
export function reloadRole(): void {
  const id = state.user?.id;
  if (!id) return;
  roleLoaded.delete(id);
  scheduleRoleLoad(id);
}

// ---------------------------------------------------------------------------------------

/** The session copy kept on this device; undefined when there is none or it cannot be read. */
async function storedAuthSession(): Promise<StoredAuthSession | undefined> {
  return withinStorageWait(
    loadLocalData().then((data) => data.getAuthSession()),
    'read the stored sign-in',
  ).catch(() => undefined);
}

/** Starts listening; safe to call more than once. */
export function startAuth(): void {
  if (started) return;
  started = true;
  void (async () => {
    const cached = await storedAuthSession();
    if (state.status === 'loading') {
      if (cached) {
        const p = readProfile(cached.userId);
        setState({
          status: 'signedIn',
          user: { id: cached.userId, email: cached.email, name: p.name, avatarUrl: p.avatarUrl },
          role: p.role ?? null,
        });
      } else {
        setState({ status: 'signedOut', user: null, role: null });
      }
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
    connected = null;
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
  // Hydrating a prerendered page renders it as it was built (loading), then the real state.
  return useSyncExternalStore(subscribeAuth, getAuthState, () => LOADING);
}

/** For the wallet feature: report wallet logins so the auth level follows (evm, flow). */
export function setWalletAuth(next: Partial<WalletFacts>): void {
  wallets = { ...wallets, ...next };
  setState({ status: state.status, user: state.user, role: state.role });
}

/** Puts a live session into the store at once (sign-in and sign-up call this). */
export async function adoptSession(session: Session): Promise<void> {
  await applySession(session);
}

/**
 * Name and avatar live in the account metadata (display_name, avatar_url). Empty text
 * removes the value. Throws with the provider's message on failure.
 */
export async function updateProfile(patch: { name?: string; avatarUrl?: string }): Promise<void> {
  const supabase = await getSupabase();
  const data: Record<string, string | null> = {};
  if (patch.name !== undefined) data.display_name = patch.name.trim() || null;
  if (patch.avatarUrl !== undefined) data.avatar_url = patch.avatarUrl.trim() || null;
  const { data: result, error } = await supabase.auth.updateUser({ data });
  if (error) throw new Error(error.message);
  const { data: s } = await supabase.auth.getSession();
  if (s.session) await applySession({ ...s.session, user: result.user ?? s.session.user });
}

/**
 * Signs out and removes the user's data from this device (sessions, patterns,
 * favourites, ratings, preferences, the cached profile, server data in the query cache),
 * so a shared computer keeps nothing of theirs; it comes back from the server at the next
 * sign-in. Callers upload pending changes first or have the user agree to lose them
 * (the sign-out flow in src/features/auth; docs/product.md § Sync).
 */
export async function signOut(): Promise<void> {
  const userId = state.user?.id ?? (await storedAuthSession())?.userId;
  await connectAuth();
  try {
    const supabase = await getSupabase();
    await supabase.auth.signOut({ scope: 'local' });
  } finally {
    await applySession(null);
    if (userId) await forgetUser(userId);
  }
}

async function forgetUser(userId: string): Promise<void> {
  roleLoaded.delete(userId);
  try {
    localStorage.removeItem(profileKey(userId));
  } catch {
    // storage blocked: nothing was cached there either
  }
  await (await personData()).clearPersonData(userId);
  // Server-only data (timeline, profiles) cached for this user goes too. That cache is in
  // memory and loads on demand with the screens that read it: when it cannot load (offline,
  // never fetched) no screen of this page has put anything in it.
  const cache = await import('../../backend/queryClient').catch(() => null);
  cache?.queryClient.clear();
}

/** Test hook: forget everything (unit tests only). */
export function resetAuthForTests(): void {
  state = { status: 'loading', user: null, role: null, level: 'none' };
  wallets = { evmConnected: false, flowConnected: false };
  started = false;
  connected = null;
  roleLoaded.clear();
}
