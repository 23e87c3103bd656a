import { createFileRoute } from '@tanstack/react-router';
import { CoursesScreen } from '../../features/instructor';

/** /courses: the person's courses and every published one. */
export const Route = createFileRoute('/courses/')({
  component: CoursesScreen,
});
