import './instructor.css';
import { Link } from '@tanstack/react-router';
import { useLocalQuery } from '../../data/useLocalQuery';
import { useAuth } from '../../app/auth/authStore';
import { db } from '../../data/db';
import { listEnrolments } from '../../data/coursesRepo';
import { PublishedCourses } from './PublishedCourses';
import { TEACH_TEXT } from './strings';

/** /courses: the courses the person follows (from this device, offline too), then every published one. */
export function CoursesScreen() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const mine = useLocalQuery(async () => {
    if (!userId) return [];
    const enrolments = await listEnrolments(userId);
    const courses = await db.courses.bulkGet(enrolments.map((e) => e.courseId));
    return courses.filter((c) => c !== undefined);
  }, [userId]);
  return (
    <div className="page stack teach">
      <h1>{TEACH_TEXT.coursesTitle}</h1>
      {mine && mine.length ? (
        <section className="stack" aria-labelledby="my-courses-title">
          <h2 id="my-courses-title">Your courses</h2>
          <ul className="list-reset stack">
            {mine.map((c) => (
              <li key={c.id}>
                <Link to="/courses/$courseId" params={{ courseId: c.id }}>
                  {c.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PublishedCourses title="All courses" />
    </div>
  );
}
