import { createFileRoute, redirect, useRouterState } from '@tanstack/react-router';
import { isSessionMode } from '../../domain/sessionModes';
import { parseSessionSearch } from '../../domain/sessionSearch';
import { SessionScreen, useSessionPattern } from '../../features/session';
import { LoadingDots } from '../../ui/LoadingDots';

export const Route = createFileRoute('/session/$mode')({
  validateSearch: parseSessionSearch,
  beforeLoad: ({ params }) => {
    if (!isSessionMode(params.mode)) throw redirect({ to: '/session' });
  },
  component: SessionRoute,
});

function SessionRoute() {
  const { mode } = Route.useParams();
  const { pattern: patternParam, flow } = Route.useSearch();
  const navPattern = useRouterState({ select: (s) => s.location.state.pattern });
  const pattern = useSessionPattern(patternParam, navPattern);
  if (!isSessionMode(mode)) return null;
  if (!pattern) return <LoadingDots label="Preparing your session" />;
  return (
    <SessionScreen
      key={`${mode}:${pattern.id}`}
      mode={mode}
      pattern={pattern}
      adaptive={flow === 'adaptive'}
    />
  );
}
