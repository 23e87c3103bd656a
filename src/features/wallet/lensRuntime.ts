import { useEffect, useState, useSyncExternalStore } from 'react';
import { getAuthState, subscribeAuth } from '../../app/auth/authStore';
import { lensSettings } from '../../backend/api/walletApi';
import { createLensClient, type LensAccount, type LensClient } from '../../wallet/lens/lensClient';
import { uploadJson } from '../../wallet/lens/upload';
import { forgetLensSession, keepLensSession, keptLensSession } from './keptLensSession';

/**
 * The social-wallet (Lens) session of this page (docs/product.md § Wallets and tokens). The
 * GraphQL API is the build's VITE_LENS_API_URL, else the one the server names at
 * /api/wallet/lens (read once, when a Lens screen first needs it); without either there is
 * no Lens. Content goes to the storage at VITE_LENS_STORAGE_URL when one is named,
 * otherwise inline as a data URI; sign-in names the app's Lens app address VITE_LENS_APP when
 * the build has one. The sign-in belongs to the app account that made it and
 * lasts as long as the tab (./keptLensSession): another account signed in here does not see it.
 */
const BUILD_API_URL = (import.meta.env.VITE_LENS_API_URL as string | undefined)?.trim() || null;
const BUILD_POST_URL = (import.meta.env.VITE_LENS_POST_URL as string | undefined)?.trim() || null;
const STORAGE_URL = (import.meta.env.VITE_LENS_STORAGE_URL as string | undefined)?.trim() || null;
/** The app's own Lens app address (sign-in names it); Lens' default app without it. */
const APP_ADDRESS = (import.meta.env.VITE_LENS_APP as string | undefined)?.trim() || null;

export interface LensSetup {
  client: LensClient;
  /** The Lens GraphQL API it talks to. */
  apiUrl: string;
  /** A link template for a post ({id}), when one is configured. */
  postUrl: string | null;
}

async function store(json: string): Promise<string> {
  if (!STORAGE_URL) throw new Error('No content storage configured');
  const res = await fetch(STORAGE_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: json,
  });
  const body = (await res.json()) as { uri?: unknown };
  if (!res.ok || typeof body.uri !== 'string') throw new Error(`Storage answered ${res.status}`);
  return body.uri;
}

let setup: LensSetup | null | undefined; // undefined: not known yet
let loading: Promise<LensSetup | null> | undefined;

/** The Lens client of this page, or null when no Lens API is configured (or, offline, not known). */
export function loadLens(): Promise<LensSetup | null> {
  if (setup !== undefined) return Promise.resolve(setup);
  loading ??= (async () => {
    try {
      const s = BUILD_API_URL
        ? { apiUrl: BUILD_API_URL, postUrl: BUILD_POST_URL }
        : await lensSettings();
      setup = s.apiUrl
        ? {
            client: createLensClient({
              apiUrl: s.apiUrl,
              app: APP_ADDRESS,
              upload: (d) => uploadJson(d, store),
              onTokens: keepRenewedTokens,
            }),
            apiUrl: s.apiUrl,
            postUrl: s.postUrl,
          }
        : null;
      if (setup) resumeKeptSession(setup);
      return setup;
    } catch {
      return null; // not known (offline): asked again next time
    } finally {
      loading = undefined;
    }
  })();
  return loading;
}

/** The Lens setup for a component: undefined while it is being looked up. */
export function useLens(): LensSetup | null | undefined {
  const [value, setValue] = useState<LensSetup | null | undefined>(setup);
  useEffect(() => {
    let live = true;
    if (setup === undefined) void loadLens().then((s) => live && setValue(s));
    return () => {
      live = false;
    };
  }, []);
  return value;
}

/** The signed-in Lens session: whether there is one, and the wallet's Lens account. */
export interface LensSession {
  signedIn: boolean;
  account: LensAccount | null;
}

const SIGNED_OUT: LensSession = { signedIn: false, account: null };
/** The session of this page and the app account (user id) that made it. */
let session: LensSession = SIGNED_OUT;
let owner: string | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

const appUser = (): string | null => getAuthState().user?.id ?? null;

/** Tokens Lens renewed for the signed-in session: the kept sign-in takes them up. */
function keepRenewedTokens(tokens: { accessToken: string; refreshToken: string }): void {
  if (!session.signedIn || !owner || !setup) return; // a new sign-in: setLensSession keeps it
  keepLensSession({ apiUrl: setup.apiUrl, owner, tokens, account: session.account });
}

/** A sign-in kept from an earlier page of this tab, taken up by the new client. */
function resumeKeptSession(lens: LensSetup): void {
  if (session.signedIn) return;
  const kept = keptLensSession(lens.apiUrl);
  if (!kept) return;
  lens.client.resume(kept.tokens);
  session = { signedIn: true, account: kept.account };
  owner = kept.owner;
  notify();
}

/**
 * Call after a sign-in (with the account, or null when the wallet has none) or a sign-out.
 * A sign-in belongs to the app account signed in now and is kept for this tab.
 */
export function setLensSession(next: LensSession): void {
  const user = appUser();
  const tokens = setup?.client.session() ?? null;
  if (next.signedIn && user && setup && tokens) {
    session = next;
    owner = user;
    keepLensSession({ apiUrl: setup.apiUrl, owner: user, tokens, account: next.account });
  } else {
    session = next.signedIn ? next : SIGNED_OUT;
    owner = next.signedIn ? user : null;
    if (!next.signedIn) forgetLensSession();
  }
  notify();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  const stopAuth = subscribeAuth(l);
  return () => {
    listeners.delete(l);
    stopAuth();
  };
};
/** The Lens session of the app account signed in now (signed out for anyone else). */
export const getLensSession = (): LensSession =>
  session.signedIn && owner !== null && owner === appUser() ? session : SIGNED_OUT;
export function useLensSession(): LensSession {
  return useSyncExternalStore(subscribe, getLensSession, () => SIGNED_OUT);
}

/** A post's link on Lens, when a link template is configured. */
export function lensPostLink(postUrl: string | null, id: string): string | null {
  return postUrl ? postUrl.replace('{id}', encodeURIComponent(id)) : null;
}
