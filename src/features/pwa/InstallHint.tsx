import { useEffect, useState } from 'react';
import { IOS_INSTALL_GAINS, offerIosInstallHint, type BrowserFacts } from '../../domain/iosInstall';
import { Button } from '../../ui/Button';

/** Set once the hint was shown: it is offered once per device. */
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

/** The Share icon as Safari draws it (a box with an arrow up), for the instructions. */
function ShareGlyph() {
  return (
    <svg className="ios-hint__glyph" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * 'Add to Home Screen' instructions for Safari on iOS when Pneuma is not installed (iOS
 * has no install prompt): once per device, dismissible, with what installing gains there.
 * Decided after hydration (the build cannot know the browser).
 */
export function IosInstallHint() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!offerIosInstallHint(browserFacts(), shownBefore())) return;
    markShown();
    setOpen(true);
  }, []);
  if (!open) return null;
  return (
    <aside className="ios-hint" aria-labelledby="ios-hint-title" data-testid="ios-install-hint">
      <h2 id="ios-hint-title" className="ios-hint__title">
        Add Pneuma to your Home Screen
      </h2>
      <p className="ios-hint__steps">
        In Safari, tap Share <ShareGlyph />, then <strong>Add to Home Screen</strong>.
      </p>
      <ul className="ios-hint__gains">
        {IOS_INSTALL_GAINS.map((gain) => (
          <li key={gain}>{gain}</li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => setOpen(false)}>
        Not now
      </Button>
    </aside>
  );
}
