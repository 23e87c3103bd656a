import { useSyncExternalStore } from 'react';
import { createLensClient, type LensAccount } from '../../wallet/lens/lensClient';
import { uploadJson } from '../../wallet/lens/upload';

/**
 * The social-wallet (Lens) session of this page, when the build names its GraphQL API
 * (VITE_LENS_API_URL; docs/product.md § Wallets and tokens). Content goes to the storage
 * at VITE_LENS_STORAGE_URL when one is named, otherwise inline as a data URI.
 */
export const LENS_API_URL =
  (import.meta.env.VITE_LENS_API_URL as string | undefined)?.trim() || null;
const STORAGE_URL = (import.meta.env.VITE_LENS_STORAGE_URL as string | undefined)?.trim() || null;

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

export const lens = LENS_API_URL
  ? createLensClient({ apiUrl: LENS_API_URL, upload: (data) => uploadJson(data, store) })
  : null;

let account: LensAccount | null = null;
const listeners = new Set<() => void>();
export function setLensAccount(next: LensAccount | null): void {
  account = next;
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export function useLensAccount(): LensAccount | null {
  return useSyncExternalStore(
    subscribe,
    () => account,
    () => account,
  );
}
