import { getAuthState, signOut } from '../../app/auth/authStore';
import { countUnsyncedChanges } from '../../sync/personData';
import { flushUploads } from '../../sync/page/syncEngine';
import { startSignOut } from './signOutFlow';

/**
 * Starts the sign-out flow for whoever is signed in: upload first, ask if something is
 * left behind, then `leave` (go home) and sign out, which clears the device.
 */
export function signOutWithUpload(leave: () => Promise<void>): Promise<void> {
  return startSignOut({
    userId: getAuthState().user?.id ?? null,
    flush: flushUploads,
    count: countUnsyncedChanges,
    finish: async () => {
      await leave();
      await signOut();
    },
  });
}
