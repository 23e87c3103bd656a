import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useAuth } from '../../app/auth/authStore';
import type { Publication } from '../marketplace';

/**
 * The marketplace's part of /create (publish a pattern of your own, and whether it is live),
 * loaded for a signed-in user once the screen is open: the marketplace's code is loaded on
 * demand (it needs a connection to do anything; scripts/precache/precachePolicy.ts), so /create
 * itself works offline. Until the code has loaded (offline: tried again once the browser is back
 * online) the screen shows what it shows a guest: no publish action.
 */
const loadMarketplace = () => import('../marketplace');
type Marketplace = Awaited<ReturnType<typeof loadMarketplace>>;

/** Runs `load` now and again whenever the browser comes back online, while `active`. */
function useWhenOnline(load: () => void, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    load();
    window.addEventListener('online', load);
    return () => window.removeEventListener('online', load);
  }, [load, active]);
}

/**
 * A marketplace component that renders, for a signed-in user, once the marketplace's code has
 * loaded (nothing before, nothing for a guest). `pick` names the component in the marketplace's
 * index, so the screen that shows it imports no marketplace code itself.
 */
function lazyMarketplaceComponent<P extends object>(pick: (m: Marketplace) => ComponentType<P>) {
  let loaded: ComponentType<P> | null = null;
  return function LazyMarketplaceComponent(props: P) {
    const { user } = useAuth();
    const [Component, setComponent] = useState(() => loaded);
    const load = useCallback(() => {
      loadMarketplace().then(
        (m) => {
          loaded = pick(m);
          setComponent(() => loaded);
        },
        () => {
          // Offline: tried again when the browser is back online.
        },
      );
    }, []);
    useWhenOnline(load, Boolean(user) && !Component);
    return user && Component ? <Component {...props} /> : null;
  };
}

/** The marketplace's "Publish to marketplace" action for a pattern of your own (/create). */
export const LazyPublishPatternButton = lazyMarketplaceComponent((m) => m.PublishPatternButton);

/** The marketplace's "Publish to marketplace" action for a program of your own (/programs). */
export const LazyPublishProgramButton = lazyMarketplaceComponent((m) => m.PublishProgramButton);

const NONE: ReadonlyMap<string, Publication> = new Map();

/** The marketplace's `readMyPublications`, its code loaded on demand. */
const readOnDemand = () => loadMarketplace().then((m) => m.readMyPublications());

/**
 * Which of the signed-in user's library patterns are in the marketplace, by library pattern
 * id (`read`: the marketplace's `readMyPublications`, loaded on demand unless given): empty for
 * a guest, while loading, and when the code or the server cannot be reached; the publish action
 * then offers itself as for a pattern never published, and publishing again only updates the
 * listing. `refresh` reads it again (after a publication).
 */
export function useMyPublications(
  userId: string | null,
  read: () => Promise<ReadonlyMap<string, Publication>> = readOnDemand,
): {
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
    read().then(
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
  }, [userId, version, read]);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  return { publications, refresh };
}
