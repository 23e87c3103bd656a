import { createFileRoute } from '@tanstack/react-router';
import { ProgramByIdScreen } from '../../features/programs';

/**
 * /programs/$programId: one program's session (docs/product.md § Programs). `start=now` (the
 * play button, 'Practice again') starts it at once, as the page's own Start does.
 */
export const Route = createFileRoute('/programs/$programId')({
  validateSearch: (search: Record<string, unknown>): { start?: 'now' } =>
    search.start === 'now' ? { start: 'now' } : {},
  component: ProgramRoute,
});

function ProgramRoute() {
  const { programId } = Route.useParams();
  const { start } = Route.useSearch();
  return <ProgramByIdScreen programId={programId} startNow={start === 'now'} />;
}
