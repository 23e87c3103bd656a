import { useEffect } from 'react';
import { isSessionScreen } from '../../domain/navigation';
import { notify } from '../../ui/toast';

/**
 * A toast never follows the person into a session (docs/product.md § Around the practice):
 * whatever is on screen is dismissed on the way in, and the page marks itself so the
 * toaster stays hidden while a session screen is open (shell.css).
 */
export function useQuietSessions(path: string): void {
  const inSession = isSessionScreen(path);
  useEffect(() => {
    if (!inSession) return;
    notify.dismiss();
    document.documentElement.setAttribute('data-in-session', '');
    return () => document.documentElement.removeAttribute('data-in-session');
  }, [inSession]);
}
