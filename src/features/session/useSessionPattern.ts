import { useEffect, useState } from 'react';
import { getCustomPattern } from '../../data/customPatternsRepo';
import { getSelectedPattern } from '../../data/selectedPatternRepo';
import { choosePattern, type SessionPattern } from '../../domain/patternChoice';
import { isCatalogueId } from '../../domain/patterns';

/**
 * Resolves the session's pattern once, in this order (docs/product.md § Patterns): URL
 * param in the catalogue, a custom pattern with that id in the local database,
 * navigation state, the stored selection, box. Undefined while the local reads are in
 * flight.
 */
export function useSessionPattern(
  urlParam: string | undefined,
  navigationState: unknown,
): SessionPattern | undefined {
  const [pattern, setPattern] = useState<SessionPattern | undefined>(() =>
    urlParam && isCatalogueId(urlParam) ? choosePattern({ urlParam }) : undefined,
  );
  useEffect(() => {
    if (urlParam && isCatalogueId(urlParam)) {
      setPattern(choosePattern({ urlParam }));
      return;
    }
    let cancelled = false;
    void (async () => {
      const [custom, stored] = await Promise.all([
        urlParam ? getCustomPattern(urlParam).catch(() => undefined) : undefined,
        getSelectedPattern().catch(() => undefined),
      ]);
      if (!cancelled)
        setPattern(choosePattern({ urlParam, customPattern: custom, navigationState, stored }));
    })();
    return () => {
      cancelled = true;
    };
    // Resolved once per URL param: navigation state belongs to the entry that opened the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlParam]);
  return pattern;
}
