import { useEffect, useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { keepWelcomedHint } from '../../app/prerender/homeHints';
import { isFirstTime, shouldShowOnboarding } from '../../domain/authLevel';
import { loadLocalData } from '../../data/loadLocalData';
import { useLocalQuery } from '../../data/useLocalQuery';
import { Button } from '../../ui/Button';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { PHONE_QUERY, WELCOME } from './steps';
import './onboarding.css';

/**
 * The first-time welcome on phones (spec § 4, First-time state): one short card in home's
 * layout, under the hero, for someone who has never finished a session and is not signed
 * in. 'Got it' marks `onboardingCompleted` and it never shows again on this device.
 *
 * It paints once: the prerendered page holds it (the build cannot know the visitor), and
 * until the app has read the device's flags CSS shows or hides it from the pre-paint hints
 * (a phone, not signed in, not practised, not welcomed: onboarding.css), so hydration
 * moves nothing. Once known, the app's own rule decides and keeps the hint for next time.
 */
export function MobileOnboarding({
  onShowing,
}: {
  /** Told whether the welcome shows, once known, and again when it is closed. */
  onShowing?: (showing: boolean) => void;
} = {}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const auth = useAuth();
  // undefined while the device's flags are read: the hints decide until then.
  const flags = useLocalQuery((d) => d.getFlags(), []);
  const [closed, setClosed] = useState(false);
  const known = flags !== undefined && auth.status !== 'loading';
  const welcomed = flags ? flags.onboardingCompleted || flags.hasCompletedSession : false;

  useEffect(() => {
    if (flags) keepWelcomedHint(flags.onboardingCompleted || flags.hasCompletedSession);
  }, [flags]);

  const showing = closed
    ? false
    : known
      ? shouldShowOnboarding({
          firstTime: isFirstTime({
            hasCompletedSession: flags.hasCompletedSession,
            authenticated: auth.status === 'signedIn',
          }),
          mobile: phone,
          onboardingCompleted: welcomed,
        })
      : null;
  useEffect(() => {
    if (showing !== null) onShowing?.(showing);
  }, [showing, onShowing]);
  if (showing === false) return null;

  const finish = () => {
    setClosed(true);
    keepWelcomedHint(true);
    void loadLocalData()
      .then((d) => d.setFlag('onboardingCompleted', true))
      .catch(() => undefined); // not stored: it shows again next time, nothing else is lost
  };
  return (
    <section
      className="card onboarding"
      aria-label="Welcome to Pneuma"
      data-pending={known ? undefined : ''}
    >
      <p className="onboarding__title" data-testid="onboarding-title">
        {WELCOME.title}
      </p>
      <p className="onboarding__text">{WELCOME.text}</p>
      <Button variant="secondary" className="onboarding__done" onClick={finish}>
        Got it
      </Button>
    </section>
  );
}
