import type { LensAccount } from '../../wallet/lens/lensClient';

/**
 * A Lens sign-in kept for the next pages of this tab (sessionStorage: it ends with the
 * tab), with the Lens API it belongs to and the app account that made it, so a reload does
 * not ask for the wallet's signature again and nobody else signed in to the app in this tab
 * gets it. Storage that is unavailable or refuses keeps nothing; a record that is not one
 * of ours is ignored.
 */
interface KeptLensSession {
  apiUrl: string;
  owner: string;
  tokens: { accessToken: string; refreshToken: string };
  account: LensAccount | null;
  /** When the sign-in was first kept (epoch ms); token refreshes keep it. */
  keptAt?: number;
}

/** The social session's lifetime (spec § 9): a kept sign-in older than this is not taken up. */
export const SOCIAL_SESSION_MS = 24 * 60 * 60 * 1000;

const KEY = 'pneuma-lens-session';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function keepLensSession(kept: KeptLensSession, now = Date.now()): void {
  // The same sign-in kept again (refreshed tokens) keeps its first time.
  const before = keptLensSession(kept.apiUrl, now);
  const keptAt = before && before.owner === kept.owner ? before.keptAt : now;
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...kept, keptAt }));
  } catch {
    // Full or refused: this sign-in lasts as long as the page.
  }
}

export function forgetLensSession(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** The kept sign-in for this Lens API, or null (also once it is 24 hours old). */
export function keptLensSession(apiUrl: string, now = Date.now()): KeptLensSession | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const k = raw as Partial<KeptLensSession>;
  if (k.apiUrl !== apiUrl || !isText(k.owner) || !k.tokens) return null;
  if (!isText(k.tokens.accessToken) || !isText(k.tokens.refreshToken)) return null;
  const named = k.account && typeof k.account === 'object' && isText(k.account.address);
  // A sign-in kept before the Lens v3 client (its account has no owner) is not taken up.
  if (named && !isText(k.account!.owner)) return null;
  const account = named ? k.account! : null;
  const keptAt = k.keptAt;
  if (typeof keptAt !== 'number' || !Number.isFinite(keptAt)) return null;
  if (now - keptAt >= SOCIAL_SESSION_MS || keptAt - now > 60_000) return null;
  return { apiUrl, owner: k.owner, tokens: k.tokens, account, keptAt };
}
