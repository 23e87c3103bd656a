import { useEffect, useState } from 'react';
import { releasePatternHold } from '../../app/prerender/patternHold';
import { getCustomPattern } from '../../data/customPatternsRepo';
import { rememberSessionPattern } from '../../data/sessionPatternHint';
import { getSelectedPattern } from '../../data/selectedPatternRepo';
import { choosePattern, type SessionPattern } from '../../domain/patternChoice';
import { isCatalogueId } from '../../domain/patterns';
import { useHydrating } from '../../ui/useHydrating';

interface ResolvedSessionPattern {
  pattern: SessionPattern;
  /** Changes when the pattern shown is replaced (the screen then starts again with it). */
  revision: number;
}

/** The same pattern to breathe, wherever it was found (`source` changes nothing on screen). */
const same = (a: SessionPattern, b: SessionPattern) =>
  JSON.stringify({ ...a, source: null }) === JSON.stringify({ ...b, source: null });

/**
 * Resolves the session's pattern once, in this order (docs/product.md § Patterns): URL
 * param in the catalogue, a custom pattern with that id in the local database,
 * navigation state, the stored selection, box. Undefined while the local reads are in
 * flight, except on a prerendered page: it was built with what a first visit resolves to
 * (nothing stored: box), hydration shows the same, and the resolved pattern replaces it
 * if it differs (the page's pre-paint script, ../../domain/prePaintScript, keeps the
 * card hidden meanwhile when the visit may resolve to another pattern).
 */
export function useSessionPattern(
  urlParam: string | undefined,
  navigationState: unknown,
): ResolvedSessionPattern | undefined {
  const hydrating = useHydrating();
  const [resolved, setResolved] = useState<ResolvedSessionPattern | undefined>(() => {
    if (urlParam && isCatalogueId(urlParam)) return { pattern: choosePattern({ urlParam }), revision: 0 };
    return hydrating ? { pattern: choosePattern({}), revision: 0 } : undefined;
  });
  useEffect(() => {
    const show = (pattern: SessionPattern) => {
      setResolved((shown) =>
        shown && same(shown.pattern, pattern) ? shown : { pattern, revision: (shown?.revision ?? 0) + 1 },
      );
      releasePatternHold();
    };
    if (urlParam && isCatalogueId(urlParam)) {
      show(choosePattern({ urlParam }));
      return;
    }
    let cancelled = false;
    void (async () => {
      const [custom, stored] = await Promise.all([
        urlParam ? getCustomPattern(urlParam).catch(() => undefined) : undefined,
        getSelectedPattern().catch(() => undefined),
      ]);
      if (cancelled) return;
      const pattern = choosePattern({ urlParam, customPattern: custom, navigationState, stored });
      if (pattern.source === 'stored' || pattern.source === 'default') rememberSessionPattern(pattern.id);
      show(pattern);
    })();
    return () => {
      cancelled = true;
    };
    // Resolved once per URL param: navigation state belongs to the entry that opened the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlParam]);
  return resolved;
}
