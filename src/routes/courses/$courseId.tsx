import { createFileRoute } from '@tanstack/react-router';
import { CourseScreen } from '../../features/instructor';

/** /courses/$courseId: a course as a student follows it (offline once enrolled). */
export const Route = createFileRoute('/courses/$courseId')({
  component: CourseRoute,
});

function CourseRoute() {
  const { courseId } = Route.useParams();
  return <CourseScreen key={courseId} courseId={courseId} />;
}
