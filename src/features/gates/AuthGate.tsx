import './gates.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import {
  canSkipPrompt,
  gateProceed,
  safeRedirectTarget,
  gateOutcome,
  type AuthContext,
  type GateFallback,
  type GateRequirement,
} from '../../domain/authLevel';
import { useAuth } from '../../app/auth/authStore';
import { LoadingDots } from '../../ui/LoadingDots';
import { LoadingPage } from '../../ui/LoadingPage';
import { AUTH_CONTEXT_NOTE } from '../auth';
import { GateView } from './GateView';
import { storePendingAction } from '../../app/auth/pendingAction';

interface AuthGateProps {
  requirement: GateRequirement;
  fallback: GateFallback;
  /** Passed to /auth as ?context= (social or progress). */
  context?: AuthContext;
  feature: string;
  /** Where to continue after sign-in; defaults to the current page. */
  target?: string;
  /** The page's heading, shown while the cached session is read (so a built page has it). */
  loadingHeading?: string;
  children: ReactNode;
}

/**
 * Shows its content when the user's auth level meets the requirement, otherwise follows
 * the fallback: prompt (dialog with benefits, proceed, skip except in the progress
 * context), hide, disable ('Enable Feature') or redirect ('Redirecting for
 * authentication...'). Before sending the user to /auth it stores the pending action, so
 * sign-in continues where the user was going.
 */
export function AuthGate({
  requirement,
  fallback,
  context,
  feature,
  target,
  loadingHeading,
  children,
}: AuthGateProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  const here = useRouterState({ select: (s) => s.location.href });
  // Where the user was going, fixed when the gate first renders (the location changes
  // as soon as the redirect starts, and must not become the target itself).
  const [goal] = useState(() => target ?? here);
  const redirected = useRef(false);
  const outcome = gateOutcome(auth.level, requirement, fallback);
  const [promptOpen, setPromptOpen] = useState(fallback === 'prompt');
  const [skipped, setSkipped] = useState(false);

  const goSignIn = () => {
    storePendingAction({ target: goal, requirement, context });
    void navigate({ to: '/auth', search: { context, redirect: goal } });
  };
  const proceed = () => {
    const next = gateProceed(requirement, auth.status === 'signedIn');
    if (next === 'sign-in') return goSignIn();
    setPromptOpen(false);
    // The wallet code loads only now; the gate opens by itself when the level is met.
    if (next === 'connect-evm') void import('../wallet').then((m) => m.requestWalletConnection());
    else void import('../tokens').then((m) => m.requestFlowConnection());
  };

  useEffect(() => {
    if (auth.status === 'loading' || outcome !== 'redirect' || redirected.current) return;
    // Already on the way (a gate drawn again while the router moves to /auth): stay put.
    if (safeRedirectTarget(goal, '') === '') return;
    redirected.current = true;
    storePendingAction({ target: goal, requirement, context });
    void navigate({ to: '/auth', search: { context, redirect: goal }, replace: true });
  }, [auth.status, outcome, goal, requirement, context, navigate]);

  // While the cached session is read, do not flash a prompt at a signed-in user. A page
  // that sends guests to /auth says why at once to someone not signed in on this device
  // (the page's pre-paint hint, app/auth/signedInHint; CSS picks the note or the status).
  if (auth.status === 'loading' && requirement !== 'none') {
    if (!loadingHeading) return <LoadingDots />;
    return (
      <LoadingPage heading={loadingHeading}>
        {fallback === 'redirect' && context ? (
          <p className="gate__guest-note">{AUTH_CONTEXT_NOTE[context]}</p>
        ) : null}
      </LoadingPage>
    );
  }

  return (
    <GateView
      outcome={skipped && outcome === 'prompt' ? 'hide' : outcome}
      requirement={requirement}
      feature={feature}
      promptOpen={promptOpen}
      onPromptOpenChange={setPromptOpen}
      canSkip={canSkipPrompt(context)}
      onProceed={proceed}
      onSkip={() => {
        setPromptOpen(false);
        setSkipped(true);
      }}
    >
      {children}
    </GateView>
  );
}
