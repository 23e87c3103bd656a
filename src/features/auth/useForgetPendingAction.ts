import { useEffect, useRef } from 'react';
import { keepsPendingAction } from '../../domain/authLevel';
import { clearPendingAction } from '../../app/auth/pendingAction';

/**
 * Forgets the action a gate stored before sign-in as soon as the person goes anywhere but
 * the sign-in pages (docs/product.md § Accounts and access): a later, unrelated sign-up
 * lands where that sign-up meant to go, not on a page asked for long ago. The page the
 * gate stood on is the one it was stored from, so only a change of path counts.
 */
export function useForgetPendingAction(path: string): void {
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    if (!keepsPendingAction(path)) clearPendingAction();
  }, [path]);
}
