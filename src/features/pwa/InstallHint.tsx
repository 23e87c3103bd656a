import { lazy, Suspense, useEffect, useState } from 'react';
import { installHintKind, type BrowserFacts, type InstallHintKind } from '../../domain/iosInstall';
import { FallbackBoundary } from '../../ui/FallbackBoundary';
import { installOffered, onInstallOffer } from './installPrompt';

/** The hint's own markup loads once home decided to offer it (most visits never do). */
const InstallHintPanel = lazy(() => import('./InstallHintPanel'));

/** Set once a hint was shown: it is offered once per device. */
const IOS_HINT_SHOWN_KEY = 'pneuma.iosInstallHint.shown';

function browserFacts(): BrowserFacts {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone:
      nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true,
  };
}

function shownBefore(): boolean {
  try {
    return localStorage.getItem(IOS_HINT_SHOWN_KEY) !== null;
  } catch {
    return true; // storage refused (private mode in old Safari): do not nag on every visit
  }
}

function markShown(): void {
  try {
    localStorage.setItem(IOS_HINT_SHOWN_KEY, new Date().toISOString());
  } catch {
    // not stored: the hint may come once more
  }
}

/**
 * Installing, offered on home once per device and only where it applies
 * (../../domain/iosInstall's installHintKind): Safari on iOS gets its 'Share, then Add to
 * Home Screen' steps (iOS has no install prompt), a browser that offered to install
 * (`beforeinstallprompt`) gets an Install button; never on the first visit's welcome
 * (`ready` is home's say). Decided after hydration (the build cannot know the browser);
 * it floats over the bottom of the page and moves nothing. Its markup: ./InstallHintPanel.tsx.
 */
export function InstallHint({ ready }: { ready: boolean }) {
  const [kind, setKind] = useState<InstallHintKind | null>(null);
  useEffect(() => {
    if (!ready) return;
    const decide = () => {
      const next = installHintKind(browserFacts(), {
        ready,
        alreadyShown: shownBefore(),
        promptAvailable: installOffered(),
      });
      if (!next) return;
      markShown();
      setKind(next);
    };
    decide();
    return onInstallOffer(decide);
  }, [ready]);
  if (!kind) return null;
  return (
    // The panel's chunk could not load (offline before it was cached): no hint this time.
    <FallbackBoundary fallback={null}>
      <Suspense fallback={null}>
        <InstallHintPanel kind={kind} onClose={() => setKind(null)} />
      </Suspense>
    </FallbackBoundary>
  );
}
