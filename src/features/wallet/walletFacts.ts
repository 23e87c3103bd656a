import { useSyncExternalStore } from 'react';
import type { WalletFacts } from '../../domain/mergedUser';

/**
 * The wallet's facts for views outside the wallet code (useMergedUser): runtime.ts publishes
 * them whenever the wallet store changes. Null until the wallet code has loaded, so reading
 * them never pulls the wallet libraries into a first load.
 */
let facts: WalletFacts | null = null;
const listeners = new Set<() => void>();

export function publishWalletFacts(next: WalletFacts): void {
  if (
    facts &&
    facts.address === next.address &&
    facts.chainId === next.chainId &&
    facts.linkedAddress === next.linkedAddress &&
    facts.linked === next.linked
  )
    return;
  facts = next;
  listeners.forEach((l) => l());
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useWalletFacts(): WalletFacts | null {
  return useSyncExternalStore(subscribe, () => facts, () => null);
}
