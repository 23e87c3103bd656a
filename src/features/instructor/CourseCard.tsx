import { Link } from '@tanstack/react-router';
import type { CourseRecord } from '../../data/db';
import type { InstructorProfile } from '../../domain/instructor/profile';
import { Badge } from '../../ui/Badge';

/** A published course in a list: title, level, length, and who teaches it with what credentials. */
export function CourseCard({ course, instructor }: { course: CourseRecord; instructor?: InstructorProfile }) {
  const n = course.days.length;
  return (
    <li className="card stack teach-course-card">
      <h3>
        <Link to="/courses/$courseId" params={{ courseId: course.id }}>
          {course.title}
        </Link>
      </h3>
      <p className="row">
        <Badge>{course.level}</Badge>
        <span>
          {n} {n === 1 ? 'day' : 'days'}
        </span>
      </p>
      {course.description ? <p className="teach-clamp">{course.description}</p> : null}
      {instructor ? (
        <>
          <p className="muted">
            by{' '}
            <Link to="/instructors/$instructorId" params={{ instructorId: instructor.userId }}>
              {instructor.displayName}
            </Link>
          </p>
          {/* Its own clamped block (a clamped span inside the line started a new line with the separator). */}
          <p className="muted teach-clamp">{instructor.credentials}</p>
        </>
      ) : null}
    </li>
  );
}
