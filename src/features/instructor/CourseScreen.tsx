import './instructor.css';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { useOffersPractice } from '../../app/onScreenPractice';
import { enrol, leaveCourse } from '../../data/coursesRepo';
import { dayLabel, type CoursePattern } from '../../domain/instructor/course';
import { programLinkPayload } from '../../domain/links/patternLink';
import { isCatalogueId, timingLabel } from '../../domain/patterns';
import { plannedLengthText } from '../../domain/programs/programText';
import { requestSync } from '../../sync/page/syncEngine';
import { Badge } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadingDots } from '../../ui/LoadingDots';
import { useCourse } from './useCourse';
import { useCourseProgress } from './useCourseProgress';
import type { CourseReturn } from '../../domain/courseReturn';

/**
 * /courses/$courseId: a course as a student sees it. Enrolling keeps the course and its
 * patterns on this device; each day is practised with a session of its patterns, and the
 * day completes when those sessions are finished (or is marked done after one). Works
 * offline once enrolled; progress syncs when back online.
 */
export function CourseScreen({ courseId }: { courseId: string }) {
  const { user, status } = useAuth();
  const userId = user?.id ?? null;
  const { course, instructor, online } = useCourse(courseId);
  const p = useCourseProgress(course, userId);
  const navigate = useNavigate();
  const [confirmLeave, setConfirmLeave] = useState(false);
  // The play button starts today's first pattern or program (what this page offers to practise).
  const today = course && p.enrolment ? course.days[p.current] : undefined;
  const firstPattern = today?.patterns[0];
  const firstProgram = today?.programs?.[0];
  const firstPayload = firstProgram ? programLinkPayload(firstProgram.program) : null;
  useOffersPractice(firstPattern?.name ?? (firstPayload ? firstProgram!.name : null), () => {
    if (firstPattern) practise(firstPattern, 'now');
    else if (firstPayload) void navigate({ to: '/p/$payload', params: { payload: firstPayload } });
  });

  function practise(pattern: CoursePattern, start?: 'now') {
    const search = start ? { start } : {};
    // The session keeps this state on its way to /results, which then leads back here.
    const courseReturn: CourseReturn | undefined = course
      ? { courseId: course.id, title: course.title }
      : undefined;
    if (isCatalogueId(pattern.id))
      void navigate({
        to: '/session/$mode',
        params: { mode: 'classic' },
        search: { ...search, pattern: pattern.id },
        state: { courseReturn },
      });
    else
      void navigate({
        to: '/session/$mode',
        params: { mode: 'classic' },
        search,
        state: { pattern, courseReturn },
      });
  }

  if (course === undefined || status === 'loading')
    return <LoadingDots label="Loading the course" />;
  if (
    course === null ||
    (course.status !== 'published' && course.instructorId !== userId && !p.enrolment)
  )
    return (
      <div className="page stack">
        <h1>Course not found</h1>
        <p>
          {online
            ? 'This course does not exist or is not published.'
            : 'This course is not on this device; open it once while online.'}
        </p>
        <Link className={buttonClass('secondary')} to="/courses">
          All courses
        </Link>
      </div>
    );

  const total = course.days.length;
  const finished = p.current >= total;

  return (
    <div className="page stack teach">
      <header className="stack">
        <h1>{course.title}</h1>
        <p className="row">
          <Badge>{course.level}</Badge>
          <span>
            {total} {total === 1 ? 'day' : 'days'}
          </span>
          {instructor ? (
            <span>
              by{' '}
              <Link to="/instructors/$instructorId" params={{ instructorId: course.instructorId }}>
                {instructor.displayName}
              </Link>
            </span>
          ) : null}
        </p>
        {course.description ? <p>{course.description}</p> : null}
        <p>
          <Link to="/courses" className="link-target">
            Your courses and all courses
          </Link>
        </p>
      </header>

      {!userId ? (
        <section className="card stack">
          <p>
            Practice any day now; your sessions stay on this device. Sign in to enroll and keep your
            progress through the course.
          </p>
          <Link
            to="/auth"
            search={{ redirect: `/courses/${course.id}` }}
            className={buttonClass('primary')}
          >
            Sign in to enroll
          </Link>
        </section>
      ) : !p.enrolment ? (
        <section className="card stack">
          <p>
            Enrolling keeps this course on your device, so you can follow it day by day offline.
          </p>
          <Button onClick={() => void enrol(userId, course).then(requestSync)}>
            Enroll in this course
          </Button>
        </section>
      ) : (
        <section className="card stack" aria-labelledby="course-progress-title">
          <h2 id="course-progress-title">Your progress</h2>
          <label htmlFor="course-progress-bar">
            {p.completed.size} of {total} days completed ({p.percent}%)
          </label>
          <progress id="course-progress-bar" max={total} value={p.completed.size} />
          {finished ? <p role="status">Course complete. Well done.</p> : null}
        </section>
      )}

      <section className="stack" aria-labelledby="course-days-title">
        <h2 id="course-days-title">Days</h2>
        <ol className="list-reset stack">
          {course.days.map((day, i) => {
            const done = p.completed.has(i);
            const isCurrent = Boolean(p.enrolment) && i === p.current;
            // A guest may try any day (nothing to enroll in without an account).
            const canPractise = isCurrent || !userId;
            return (
              <li
                key={i}
                className={`card stack teach-day${isCurrent ? ' teach-day--current' : ''}`}
                aria-labelledby={`course-day-${i}`}
                aria-current={isCurrent ? 'step' : undefined}
              >
                <div className="row teach-section-head">
                  <h3 id={`course-day-${i}`}>{dayLabel(i)}</h3>
                  {done ? (
                    <Badge tone="success">Completed</Badge>
                  ) : isCurrent ? (
                    <Badge tone="primary">Today</Badge>
                  ) : null}
                </div>
                {day.note ? <p>{day.note}</p> : null}
                <ul className="list-reset stack">
                  {day.patterns.map((pt, j) => (
                    <li key={`${pt.id}-${j}`} className="row teach-section-head">
                      <span>
                        {pt.name} <span className="muted">{timingLabel(pt)}</span>
                      </span>
                      {canPractise ? (
                        <Button size="sm" onClick={() => practise(pt)}>
                          Practice {pt.name}
                        </Button>
                      ) : null}
                    </li>
                  ))}
                  {(day.programs ?? []).map((g, j) => {
                    const payload = programLinkPayload(g.program);
                    return (
                      <li key={`program-${g.id}-${j}`} className="row teach-section-head">
                        <span>
                          {g.name}{' '}
                          <span className="muted">program · {plannedLengthText(g.program)}</span>
                        </span>
                        {canPractise && payload ? (
                          <Link
                            to="/p/$payload"
                            params={{ payload }}
                            state={{ courseReturn: { courseId: course.id, title: course.title } }}
                            className={buttonClass('primary', 'sm')}
                          >
                            Practice {g.name}
                          </Link>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
                {isCurrent ? (
                  <div className="stack">
                    <p className="muted">
                      {p.daySessions.length
                        ? 'A session of this day is finished. Finish the others, or mark the day done.'
                        : 'Finish a session of each pattern and program to complete this day.'}
                    </p>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={!p.daySessions.length}
                      onClick={() => void p.markDone()}
                    >
                      Mark {dayLabel(i)} done
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>

      {userId && p.enrolment ? (
        <>
          <Button variant="ghost" onClick={() => setConfirmLeave(true)}>
            Leave this course
          </Button>
          <Dialog
            open={confirmLeave}
            onOpenChange={setConfirmLeave}
            title={`Leave ${course.title}?`}
            description="It leaves your courses and the instructor's count. The days you completed are kept if you enroll again."
          >
            <div className="row">
              <Button
                variant="danger"
                onClick={() => {
                  setConfirmLeave(false);
                  void leaveCourse(userId, course.id).then(() => {
                    requestSync();
                    // The button that opened this is gone with the enrolment: the focus starts the page again.
                    setTimeout(() => document.getElementById('main')?.focus(), 50);
                  });
                }}
              >
                Leave the course
              </Button>
              <Button variant="ghost" onClick={() => setConfirmLeave(false)}>
                Stay enrolled
              </Button>
            </div>
          </Dialog>
        </>
      ) : null}
    </div>
  );
}
