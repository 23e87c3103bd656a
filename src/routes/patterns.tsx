import { createFileRoute } from '@tanstack/react-router';
import { parsePatternsSearch } from '../domain/patternsSearchParams';
import { LibraryScreen } from '../features/library';

export const Route = createFileRoute('/patterns')({
  validateSearch: parsePatternsSearch,
  component: PatternsRoute,
});

function PatternsRoute() {
  const { goal } = Route.useSearch();
  return <LibraryScreen key={goal ?? 'all'} goal={goal} />;
}
