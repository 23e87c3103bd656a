import { useCallback, useEffect, useState, type ComponentProps } from 'react';
import { useAuth } from '../../app/auth/authStore';
import type { PublishPatternButton, Publication } from '../marketplace';

/**
 * The marketplace's part of /create (publish a pattern of your own, and whether it is live),
 * loaded for a signed-in user once the screen is open: the marketplace's code is loaded on
 * demand (it needs a connection to do anything; scripts/precache/precachePolicy.ts), so /create
 * itself works offline. Until the code has loaded (offline: tried again once the browser is back
 * online) the screen shows what it shows a guest: no publish action.
 */
const loadMarketplace = () => import('../marketplace');

/** Runs `load` now and again whenever the browser comes back online, while `active`. */
function useWhenOnline(load: () => void, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    load();
    window.addEventListener('online', load);
    return () => window.removeEventListener('online', load);
  }, [load, active]);
}

type PublishButton = typeof PublishPatternButton;
let loadedButton: PublishButton | null = null;

/** The marketplace's "Publish to marketplace" action, once its code has loaded. */
export function LazyPublishPatternButton(props: ComponentProps<PublishButton>) {
  const { user } = useAuth();
  const [Button, setButton] = useState(() => loadedButton);
  const load = useCallback(() => {
    loadMarketplace().then(
      (m) => {
        loadedButton = m.PublishPatternButton;
        setButton(() => m.PublishPatternButton);
      },
      () => {
        // Offline: tried again when the browser is back online.
      },
    );
  }, []);
  useWhenOnline(load, Boolean(user) && !Button);
  return user && Button ? <Button {...props} /> : null;
}

const NONE: ReadonlyMap<string, Publication> = new Map();

/**
 * Which of the signed-in user's library patterns are in the marketplace (the marketplace's
 * `readMyPublications`): empty for a guest, while loading, and when the code or the server
 * cannot be reached. `refresh` reads it again (after a publication).
 */
export function useMyPublications(userId: string | null): {
  publications: ReadonlyMap<string, Publication>;
  refresh: () => void;
} {
  const [publications, setPublications] = useState(NONE);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!userId) {
      setPublications(NONE);
      return;
    }
    let current = true;
    loadMarketplace()
      .then((m) => m.readMyPublications())
      .then(
        (next) => {
          if (current) setPublications(next);
        },
        () => {
          // Offline or refused: nothing is claimed either way.
        },
      );
    return () => {
      current = false;
    };
  }, [userId, version]);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  return { publications, refresh };
}
