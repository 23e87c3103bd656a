import { createFileRoute } from '@tanstack/react-router';
import { InstructorScreen } from '../features/instructor';
import { SharingPrompt } from '../features/prompts';

interface TeachSearch {
  focus?: 'patterns';
}

/** /instructor-onboarding (Start Teaching): ?focus=patterns opens on publishing patterns. */
export const Route = createFileRoute('/instructor-onboarding')({
  validateSearch: (s: Record<string, unknown>): TeachSearch => (s.focus === 'patterns' ? { focus: 'patterns' } : {}),
  component: InstructorOnboardingRoute,
});

function InstructorOnboardingRoute() {
  const { focus } = Route.useSearch();
  // Reached from the instructor call to action ('Start Teaching', 'Become Instructor').
  return (
    <>
      <SharingPrompt kind="instructor" />
      <InstructorScreen focus={focus} />
    </>
  );
}
