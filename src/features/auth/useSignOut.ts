import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { notify } from '../../ui/toast';
import type * as SignOutStart from './signOutStart';

/**
 * Sign out from anywhere (header, menu, profile): pending changes upload first (or the
 * user agrees to lose them; ./signOutFlow), then the app goes home, so a page that needs
 * an account does not bounce to the sign-in screen, and signs out, which removes the
 * user's data from this device. The flow loads on the first click.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    let start: typeof SignOutStart.signOutWithUpload;
    try {
      start = (await import('./signOutStart')).signOutWithUpload;
    } catch {
      notify.error(
        'Signing out needs a connection to load. Connect and try again; nothing was removed.',
      );
      return;
    }
    await start(async () => {
      await navigate({ to: '/' });
    });
  }, [navigate]);
}
