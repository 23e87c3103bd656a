import type { LensAccount } from '../../wallet/lens/lensClient';
/** The wallet button's labels in each state (docs/product.md § Wallets and tokens). */
export const CONNECT_WALLET = 'Connect Wallet';
export const CONNECTING = 'Connecting...';
export const NO_WALLET_FOUND = 'No Wallet Found';
export const WALLET_ERROR_RETRY = 'Wallet Error - Retry';
/** A feed post that was also published to Lens. */
export const ALSO_ON_LENS = 'Also on Lens';

/** How a Lens account is named on screen: its name, else @username, else its address. */
export function lensAccountName(a: Pick<LensAccount, 'metadata' | 'username' | 'address'>): string {
  return a.metadata?.name ?? (a.username ? `@${a.username}` : a.address);
}
