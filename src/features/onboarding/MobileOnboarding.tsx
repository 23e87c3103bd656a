import { useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { isFirstTime, shouldShowOnboarding } from '../../domain/authLevel';
import { loadLocalData } from '../../data/loadLocalData';
import { useLocalQuery } from '../../data/useLocalQuery';
import { Button } from '../../ui/Button';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { ONBOARDING_STEPS, PHONE_QUERY } from './steps';
import './onboarding.css';

/**
 * First-time onboarding on phones (spec § 4, First-time state): three short steps above
 * home, for someone who has never finished a session and is not signed in. Skip or the
 * last step's button mark `onboardingCompleted`, and it never shows again on this device.
 * Not a modal: home stays usable beneath it.
 */
export function MobileOnboarding() {
  const phone = useMediaQuery(PHONE_QUERY);
  const auth = useAuth();
  // undefined while the device's flags are read: nothing shows until they are known.
  const flags = useLocalQuery((d) => d.getFlags(), []);
  const [step, setStep] = useState(0);
  const [closed, setClosed] = useState(false);

  if (closed || !flags || auth.status === 'loading') return null;
  const show = shouldShowOnboarding({
    firstTime: isFirstTime({
      hasCompletedSession: flags.hasCompletedSession,
      authenticated: auth.status === 'signedIn',
    }),
    mobile: phone,
    onboardingCompleted: flags.onboardingCompleted,
  });
  if (!show) return null;

  const finish = () => {
    setClosed(true);
    void loadLocalData()
      .then((d) => d.setFlag('onboardingCompleted', true))
      .catch(() => undefined); // not stored: it shows again next time, nothing else is lost
  };
  const current = ONBOARDING_STEPS[step]!;
  const last = step === ONBOARDING_STEPS.length - 1;
  return (
    <div className="page onboarding-wrap">
      <section className="card onboarding" aria-label="Welcome to Pneuma">
        <p className="muted onboarding__count">
          Welcome · {step + 1} of {ONBOARDING_STEPS.length}
        </p>
        {/* Above home's h1: a title, not a heading (the region is named). */}
        <p className="onboarding__title" data-testid="onboarding-title">
          {current.title}
        </p>
        <p aria-live="polite">{current.text}</p>
        <div className="row onboarding__actions">
          {last ? null : (
            <Button variant="ghost" onClick={finish}>
              Skip
            </Button>
          )}
          {step > 0 ? (
            <Button variant="secondary" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          ) : null}
          <Button onClick={last ? finish : () => setStep(step + 1)}>{last ? 'Got it' : 'Next'}</Button>
        </div>
      </section>
    </div>
  );
}
