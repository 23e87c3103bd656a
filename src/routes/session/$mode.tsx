import { createFileRoute, redirect, useRouterState } from '@tanstack/react-router';
import { isSessionMode } from '../../domain/sessionModes';
import { parseSessionSearch } from '../../domain/sessionSearch';
import { SessionScreen, useSessionPattern } from '../../features/session';
import { LoadingDots } from '../../ui/LoadingDots';

export const Route = createFileRoute('/session/$mode')({
  validateSearch: parseSessionSearch,
  beforeLoad: ({ params, search }) => {
    // Any other mode: the classic session of the same query (what /session leads to).
    if (!isSessionMode(params.mode))
      throw redirect({ to: '/session/$mode', params: { mode: 'classic' }, search, replace: true });
  },
  component: SessionRoute,
});

function SessionRoute() {
  const { mode } = Route.useParams();
  const { pattern: patternParam, flow, start, monitor } = Route.useSearch();
  const navPattern = useRouterState({ select: (s) => s.location.state.pattern });
  const resolved = useSessionPattern(patternParam, navPattern);
  if (!isSessionMode(mode)) return null;
  if (!resolved) return <LoadingDots label="Preparing your session" />;
  const { pattern, revision } = resolved;
  return (
    <SessionScreen
      key={`${mode}:${pattern.id}:${revision}`}
      mode={mode}
      pattern={pattern}
      adaptive={flow === 'adaptive'}
      startNow={start === 'now'}
      timingMonitor={monitor === 'timing'}
    />
  );
}
