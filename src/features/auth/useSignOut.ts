import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { signOut } from '../../app/auth/authStore';

/**
 * Sign out from anywhere (header, menu, profile): go home first, so a page that needs an
 * account does not bounce to the sign-in screen, then sign out.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate({ to: '/' });
    await signOut();
  }, [navigate]);
}
