import { useCallback, useEffect, useState } from 'react';
import { marketplaceApi } from '../../backend/api/marketplaceApi';

/** Where one of your library's patterns stands in the marketplace. */
export type Publication = 'live' | 'unpublished';

const NONE: ReadonlyMap<string, Publication> = new Map();

/** Where each of the signed-in user's library patterns stands, by library pattern id (GET /api/market/mine). */
export async function readMyPublications(): Promise<ReadonlyMap<string, Publication>> {
  const overview = await marketplaceApi.mine();
  const next = new Map<string, Publication>();
  for (const p of overview.patterns) {
    if (p.sourcePatternId) next.set(p.sourcePatternId, p.unpublished ? 'unpublished' : 'live');
  }
  return next;
}

/**
 * Which of the signed-in user's library patterns are in the marketplace, by library
 * pattern id, read from GET /api/market/mine (the creator is told each listing's source).
 * Empty for a guest, while loading, and when the server cannot be reached: the publish
 * action then offers itself as for a pattern never published, and publishing again only
 * updates the listing. `refresh` reads it again (after a publication).
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
    readMyPublications().then(
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
