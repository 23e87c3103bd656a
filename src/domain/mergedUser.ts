import type { UserRole } from './authLevel';

/**
 * One view of the signed-in person (issue #34, `useMergedUser`): the account (id, email),
 * the profile (name, avatar, the name shown), the role from the users table and the wallet.
 * Pure: the hook in src/features/wallet hands in the auth store's and the wallet store's
 * state; nothing here is fetched or invented.
 */
interface MergedUserWallet {
  /** The connected account's address, else null. */
  address: string | null;
  chainId: string | null;
  /** The address linked to this account (Sign-In with Ethereum), when known. */
  linkedAddress: string | null;
  /** True when connected with the linked address (the wallet store's isLinkedAndConnected). */
  linked: boolean;
}

export interface MergedUser {
  id: string;
  email: string;
  role: UserRole | null;
  profile: { name?: string; avatarUrl?: string; displayName: string };
  /** Null until the wallet code has loaded (it loads on the profile and on first use). */
  wallet: MergedUserWallet | null;
}

interface AccountFacts {
  id: string;
  email: string;
  name?: string;
  avatarUrl?: string;
  /** The name shown (the auth store's displayName). */
  displayName: string;
}

export type WalletFacts = MergedUserWallet;

export function mergeUser(
  account: AccountFacts | null,
  role: UserRole | null,
  wallet: WalletFacts | null,
): MergedUser | null {
  if (!account) return null;
  return {
    id: account.id,
    email: account.email,
    role,
    profile: {
      ...(account.name !== undefined ? { name: account.name } : {}),
      ...(account.avatarUrl !== undefined ? { avatarUrl: account.avatarUrl } : {}),
      displayName: account.displayName,
    },
    wallet: wallet ? { ...wallet } : null,
  };
}
