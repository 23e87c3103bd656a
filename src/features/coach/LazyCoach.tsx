import { lazy, Suspense } from 'react';
import { LoadingDots } from '../../ui/LoadingDots';

/**
 * The coach loads only where it is shown (results, profile), never with the first screen:
 * its code, the analysis rules and the contract's schema library come in their own chunk.
 */
const AnalysisCard = lazy(() => import('./AnalysisCard'));
const Preferences = lazy(() => import('./CoachPreferences'));

/** The results screen's analysis card for a stored session. */
export function SessionAnalysisCard({ sessionId }: { sessionId: string }) {
  return (
    <Suspense fallback={<LoadingDots label="Loading the session analysis" />}>
      <AnalysisCard sessionId={sessionId} />
    </Suspense>
  );
}

/** The profile's choice of analysis provider. */
export function CoachPreferences() {
  return (
    <Suspense fallback={<LoadingDots label="Loading the analysis settings" />}>
      <Preferences />
    </Suspense>
  );
}
