import './instructor.css';
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/Button';
import type { InstructorProfile } from '../../domain/instructor/profile';
import { LoadingDots } from '../../ui/LoadingDots';
import { fetchProfiles } from './api';
import { InstructorCard } from './InstructorCard';
import { PublishedCourses } from './PublishedCourses';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; profile: InstructorProfile | null }
  | { kind: 'error'; message: string };

/** /instructors/$instructorId: an instructor's public profile with credentials and published courses. */
export function InstructorProfileScreen({ instructorId }: { instructorId: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    fetchProfiles([instructorId])
      .then((m) => live && setState({ kind: 'ready', profile: m.get(instructorId) ?? null }))
      .catch(
        (e: unknown) =>
          live && setState({ kind: 'error', message: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      live = false;
    };
  }, [instructorId]);

  if (state.kind === 'loading') return <LoadingDots label="Loading the instructor" />;
  if (state.kind === 'error' || !state.profile)
    return (
      <div className="page stack">
        <h1>Instructor not found</h1>
        <p>
          {state.kind === 'error'
            ? `The profile could not be loaded: ${state.message}`
            : 'No instructor has this address.'}
        </p>
        <Link className={buttonClass('secondary')} to="/courses">
          All courses
        </Link>
      </div>
    );
  return (
    <div className="page stack teach">
      <InstructorCard profile={state.profile} headingLevel={1} />
      <PublishedCourses
        instructorId={instructorId}
        title={`Courses by ${state.profile.displayName}`}
      />
    </div>
  );
}
