import { displayName, useAuth } from '../../app/auth/authStore';
import { mergeUser, type MergedUser } from '../../domain/mergedUser';
import { useWalletFacts } from './walletFacts';

/**
 * The signed-in person in one place: id, email, profile (name, avatar, name shown), role and
 * wallet (docs/product.md § Accounts and access). Null when signed out or still loading.
 */
export function useMergedUser(): MergedUser | null {
  const { user, role } = useAuth();
  const wallet = useWalletFacts();
  return mergeUser(user ? { ...user, displayName: displayName(user) } : null, role, wallet);
}
