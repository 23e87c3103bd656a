import './instructor.css';
import { useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { LoadingDots } from '../../ui/LoadingDots';
import { InstructorDashboard } from './InstructorDashboard';
import { InstructorTeaser } from './InstructorTeaser';
import { OnboardingWizard } from './OnboardingWizard';
import { stepIndex } from './onboardingSteps';
import { TEACH_TEXT } from './strings';
import { useOwnProfile } from './useOwnProfile';

/**
 * /instructor-onboarding (Teach): guests see the account-gated teaser; a
 * signed-in user who is not an instructor yet gets the guided form; an instructor gets
 * their courses and counts. `focus=patterns` opens on publishing patterns.
 */
export function InstructorScreen({ focus }: { focus?: 'patterns' }) {
  const auth = useAuth();
  const userId = auth.user?.id ?? null;
  const { state, online, update } = useOwnProfile(userId);
  const [editing, setEditing] = useState(false);

  let body;
  if (auth.status === 'loading') body = <LoadingDots label="Loading your teaching" />;
  else if (auth.status === 'signedOut') body = <InstructorTeaser />;
  else if (state.kind === 'loading') body = <LoadingDots label="Loading your teaching" />;
  else if (state.kind === 'error')
    body = (
      <p className="field__error" role="alert">
        {state.message}
      </p>
    );
  else if (!state.profile || editing)
    body = (
      <>
        {!online ? <p role="status">{TEACH_TEXT.offlineOnboarding}</p> : null}
        <OnboardingWizard
          initialStep={focus === 'patterns' ? stepIndex('patterns') : 0}
          existing={state.profile}
          draftOwner={userId ?? undefined}
          onDone={(p) => {
            update(p);
            setEditing(false);
          }}
          onCancel={state.profile ? () => setEditing(false) : undefined}
        />
      </>
    );
  else
    body = (
      <InstructorDashboard
        userId={userId!}
        profile={state.profile}
        online={online}
        focusPatterns={focus === 'patterns'}
        onEdit={() => setEditing(true)}
      />
    );

  return (
    <div className="page stack teach">
      <h1>Teaching</h1>
      {body}
    </div>
  );
}
