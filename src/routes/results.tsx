import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { ResultsScreen, courseReturnOf } from '../features/results';
import { parseResultsSearch } from '../features/results/resultsSearch';

export const Route = createFileRoute('/results')({
  validateSearch: parseResultsSearch,
  component: ResultsRoute,
});

function ResultsRoute() {
  const { id } = Route.useSearch();
  const navState = useRouterState({ select: (s) => s.location.state.sessionResult });
  const course = useRouterState({ select: (s) => courseReturnOf(s.location.state.courseReturn) });
  return <ResultsScreen id={id} navState={navState} course={course} />;
}
