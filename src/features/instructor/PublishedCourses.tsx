import './instructor.css';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingDots } from '../../ui/LoadingDots';
import { CourseCard } from './CourseCard';
import { usePublishedCourses } from './usePublishedCourses';
import { TEACH_TEXT } from './strings';

/**
 * Published courses, newest first, for the marketplace and the courses page (and, with
 * `instructorId`, an instructor's public profile, whose cards do not repeat who teaches).
 * Read from the server; says so when it cannot be reached. `linkToAll` adds the way to
 * /courses, where a student's own courses come first (the marketplace shows it).
 */
export function PublishedCourses({
  instructorId,
  title = TEACH_TEXT.coursesTitle,
  linkToAll = false,
}: {
  instructorId?: string;
  title?: string;
  linkToAll?: boolean;
}) {
  const state = usePublishedCourses(instructorId);
  return (
    <section className="stack teach-published" aria-labelledby="teach-published-title">
      <div className="row teach-section-head">
        <h2 id="teach-published-title">{title}</h2>
        {linkToAll ? <Link to="/courses" className="link-target">Your courses and all courses</Link> : null}
      </div>
      {state.kind === 'loading' ? <LoadingDots label="Loading courses" /> : null}
      {state.kind === 'offline' ? <p className="muted">{TEACH_TEXT.coursesOffline}</p> : null}
      {state.kind === 'error' ? (
        <p role="alert">Courses could not be loaded: {state.message}</p>
      ) : null}
      {state.kind === 'ready' && state.courses.length === 0 ? (
        <EmptyState title="No published courses yet" />
      ) : null}
      {state.kind === 'ready' && state.courses.length > 0 ? (
        <ul className="list-reset grid teach-course-grid" aria-label={title}>
          {state.courses.map((c) => (
            <CourseCard key={c.id} course={c} instructor={instructorId ? undefined : state.instructors.get(c.instructorId)} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
