import { createFileRoute } from '@tanstack/react-router';
import { ProgramByIdScreen } from '../../features/programs';

/** /programs/$programId: one program's session (docs/product.md § Programs). */
export const Route = createFileRoute('/programs/$programId')({
  component: ProgramRoute,
});

function ProgramRoute() {
  const { programId } = Route.useParams();
  return <ProgramByIdScreen programId={programId} />;
}
