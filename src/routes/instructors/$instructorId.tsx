import { createFileRoute } from '@tanstack/react-router';
import { InstructorProfileScreen } from '../../features/instructor';

/** /instructors/$instructorId: an instructor's public profile and published courses. */
export const Route = createFileRoute('/instructors/$instructorId')({
  component: InstructorRoute,
});

function InstructorRoute() {
  const { instructorId } = Route.useParams();
  return <InstructorProfileScreen key={instructorId} instructorId={instructorId} />;
}
