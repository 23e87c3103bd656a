import { useEffect, useState } from 'react';
import {
  IOS_INSTALL_GAINS,
  installHintKind,
  type BrowserFacts,
  type InstallHintKind,
} from '../../domain/iosInstall';
import { Button } from '../../ui/Button';
import { installOffered, onInstallOffer, promptInstall } from './installPrompt';

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
 * Installing, offered on home once per device and only where it applies
 * (../../domain/iosInstall's installHintKind): Safari on iOS gets its 'Share, then Add to
 * Home Screen' steps (iOS has no install prompt), a browser that offered to install
 * (`beforeinstallprompt`) gets an Install button; never on the first visit's welcome
 * (`ready` is home's say). Decided after hydration (the build cannot know the browser);
 * it floats over the bottom of the page and moves nothing.
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
  const close = () => setKind(null);
  if (kind === 'prompt') {
    return (
      <aside className="ios-hint" aria-labelledby="install-hint-title" data-testid="install-hint">
        <h2 id="install-hint-title" className="ios-hint__title">
          Install Pneuma
        </h2>
        <p className="ios-hint__steps">
          It opens in its own window and works offline, like an app.
        </p>
        <div className="row">
          <Button
            onClick={() => {
              close();
              void promptInstall();
            }}
          >
            Install
          </Button>
          <Button variant="secondary" onClick={close}>
            Not now
          </Button>
        </div>
      </aside>
    );
  }
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
      <Button variant="secondary" onClick={close}>
        Not now
      </Button>
    </aside>
  );
}
