import { createFileRoute } from '@tanstack/react-router';
import { CourseEditor } from '../../../features/instructor';

/** /teach/courses/$courseId: the instructor's course editor (`new` starts one). */
export const Route = createFileRoute('/teach/courses/$courseId')({
  component: CourseEditorRoute,
});

function CourseEditorRoute() {
  const { courseId } = Route.useParams();
  return <CourseEditor key={courseId} courseId={courseId} />;
}
