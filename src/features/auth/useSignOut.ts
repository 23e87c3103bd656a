import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { getAuthState, signOut } from '../../app/auth/authStore';
import { countUnsyncedChanges } from '../../data/personDataRepo';
import { flushUploads } from '../../sync/page/syncEngine';
import { startSignOut } from './signOutFlow';

/**
 * Sign out from anywhere (header, menu, profile): pending changes upload first (or the
 * user agrees to lose them; ./signOutFlow), then the app goes home, so a page that needs
 * an account does not bounce to the sign-in screen, and signs out, which removes the
 * user's data from this device.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    () =>
      startSignOut({
        userId: getAuthState().user?.id ?? null,
        flush: flushUploads,
        count: countUnsyncedChanges,
        finish: async () => {
          await navigate({ to: '/' });
          await signOut();
        },
      }),
    [navigate],
  );
}
