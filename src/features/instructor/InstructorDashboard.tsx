import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLocalQuery } from '../../data/useLocalQuery';
import { listOwnCourses, storeServerCourses } from '../../data/coursesRepo';
import type { InstructorProfile } from '../../domain/instructor/profile';
import { Badge } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { fetchOwnCourses } from './api';
import { InstructorCard } from './InstructorCard';
import { SyncStateBadge } from './SyncStateBadge';
import { statsLine, useCourseStats } from './useCourseStats';
import { TEACH_TEXT } from './strings';

interface Props {
  userId: string;
  profile: InstructorProfile;
  online: boolean;
  focusPatterns: boolean;
  onEdit(): void;
}

/** An instructor's home: their profile, their courses with real counts, and publishing patterns. */
export function InstructorDashboard({ userId, profile, online, focusPatterns, onEdit }: Props) {
  const courses = useLocalQuery(() => listOwnCourses(userId), [userId]);
  const [fetched, setFetched] = useState(0);
  const stats = useCourseStats(online, fetched);
  const patternsHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!online) return;
    fetchOwnCourses(userId)
      .then(storeServerCourses)
      .then(() => setFetched((n) => n + 1))
      .catch(() => undefined); // the local copies stay; the list shows them
  }, [userId, online]);

  useEffect(() => {
    if (focusPatterns) patternsHeading.current?.focus();
  }, [focusPatterns]);

  return (
    <div className="stack">
      <h2 className="visually-hidden">{TEACH_TEXT.dashboardTitle}</h2>
      <InstructorCard profile={profile}>
        <div className="row">
          <Link to="/instructors/$instructorId" params={{ instructorId: userId }} className={buttonClass('secondary', 'sm')}>
            View public profile
          </Link>
          <Button variant="ghost" size="sm" onClick={onEdit}>
            Edit profile
          </Button>
        </div>
      </InstructorCard>

      <section className="stack" aria-labelledby="teach-courses-title">
        <div className="row teach-section-head">
          <h2 id="teach-courses-title">Your courses</h2>
          <Link to="/teach/courses/$courseId" params={{ courseId: 'new' }} className={buttonClass('primary')}>
            {TEACH_TEXT.newCourse}
          </Link>
        </div>
        {courses === undefined ? null : courses.length === 0 ? (
          <EmptyState title="No courses yet">
            <p>Build a course day by day from built-in patterns and your own.</p>
          </EmptyState>
        ) : (
          <ul className="list-reset stack" aria-label="Your courses">
            {courses.map((c) => (
              <li key={c.id} className="card stack teach-course-row">
                <div className="row teach-section-head">
                  <h3>{c.title}</h3>
                  <div className="row">
                    <Badge tone={c.status === 'published' ? 'primary' : 'neutral'}>
                      {c.status === 'published' ? 'Published' : 'Draft'}
                    </Badge>
                    <SyncStateBadge state={c.syncState} error={c.lastError} />
                  </div>
                </div>
                <p className="muted">
                  {c.level} · {c.days.length} {c.days.length === 1 ? 'day' : 'days'}
                </p>
                {c.status === 'published' ? <p data-testid={`course-stats-${c.id}`}>{statsLine(stats, c.id)}</p> : null}
                <div className="row">
                  <Link to="/teach/courses/$courseId" params={{ courseId: c.id }} className={buttonClass('secondary', 'sm')}>
                    Edit {c.title}
                  </Link>
                  {c.status === 'published' ? (
                    <Link to="/courses/$courseId" params={{ courseId: c.id }} className={buttonClass('ghost', 'sm')}>
                      View as a student
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card stack" id="publish-patterns" aria-labelledby="teach-patterns-title">
        <h2 id="teach-patterns-title" ref={patternsHeading} tabIndex={-1}>
          {TEACH_TEXT.publishPatterns}
        </h2>
        <p>{TEACH_TEXT.publishPatternsBody}</p>
        <div className="row">
          <Link to="/create" className={buttonClass('secondary')}>
            Create a pattern
          </Link>
          <Link to="/marketplace" className={buttonClass('secondary')}>
            Open the marketplace
          </Link>
          {/* An instructor keeps their role when publishing, so the header has no Creator Hub link for them. */}
          <Link to="/creator-dashboard" className={buttonClass('ghost')}>
            Use and ratings of your patterns
          </Link>
        </div>
      </section>
    </div>
  );
}
