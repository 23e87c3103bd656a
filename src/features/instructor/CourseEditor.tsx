import './instructor.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { useLocalQuery } from '../../data/useLocalQuery';
import { useAuth } from '../../app/auth/authStore';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import { getCourse, saveCourse, storeServerCourses } from '../../data/coursesRepo';
import { useCustomPatterns } from '../../data/hooks';
import { useCustomPrograms } from '../../data/useCustomPrograms';
import {
  COURSE_LEVELS,
  COURSE_LIMITS as L,
  emptyDay,
  moveDay,
  type Course,
} from '../../domain/instructor/course';
import {
  draftErrors,
  publishErrors,
  type CourseErrors,
} from '../../domain/instructor/courseSchema';
import { requestSync } from '../../sync/page/syncEngine';
import { Button, buttonClass } from '../../ui/Button';
import { Field, SelectField, TextAreaField } from '../../ui/Field';
import { LoadingDots } from '../../ui/LoadingDots';
import { fetchCourse } from './api';
import { patternChoices } from './coursePatterns';
import { DayEditor } from './DayEditor';
import { SyncStateBadge } from './SyncStateBadge';

const LEAVE_UNSAVED = 'This course has changes that are not saved. Leave and lose them?';

const newCourse = (instructorId: string): Course => ({
  id: crypto.randomUUID(),
  instructorId,
  title: '',
  description: '',
  level: 'Beginner',
  days: [emptyDay()],
  status: 'draft',
});

/**
 * /teach/courses/$courseId: build a course (title, description, level, ordered days with
 * patterns and a note), save it as a draft (on this device at once, on the server when
 * online) and publish it. `new` starts an empty one.
 */
export function CourseEditor({ courseId }: { courseId: string }) {
  const { user, status } = useAuth();
  const userId = user?.id ?? null;
  const online = useNetworkStatus().status !== 'offline';
  const navigate = useNavigate();
  const own = useCustomPatterns(userId);
  const choices = useMemo(() => patternChoices(own), [own]);
  const ownPrograms = useCustomPrograms(userId);
  const [draft, setDraft] = useState<Course | null>(null);
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState<CourseErrors>({});
  const [message, setMessage] = useState('');
  const summary = useRef<HTMLDivElement>(null);
  const saved = useLocalQuery(() => (draft ? getCourse(draft.id) : undefined), [draft?.id]);
  // Leaving with edits made since the last save asks first (links, back, closing the tab).
  const [dirty, setDirty] = useState(false);
  const leaving = useRef(false);
  useBlocker({
    shouldBlockFn: () => !leaving.current && !window.confirm(LEAVE_UNSAVED),
    enableBeforeUnload: () => dirty && !leaving.current,
    disabled: !dirty,
  });

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void (async () => {
      if (courseId === 'new') return live && setDraft(newCourse(userId));
      let found = await getCourse(courseId);
      if (!found && online) {
        const remote = await fetchCourse(courseId).catch(() => null);
        if (remote) await storeServerCourses([remote]);
        found = remote ?? undefined;
      }
      if (!live) return;
      if (found && found.instructorId === userId) setDraft(found);
      else setMissing(true);
    })();
    return () => {
      live = false;
    };
    // Loaded once per course: later edits live in the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [courseId, userId]);

  if (status === 'loading') return <LoadingDots label="Loading the course" />;
  if (!userId)
    return (
      <div className="page stack">
        <h1>Course</h1>
        <p>
          <Link to="/instructor-onboarding">Sign in to teach</Link> to build courses.
        </p>
      </div>
    );
  if (missing)
    return (
      <div className="page stack">
        <h1>Course not found</h1>
        <p>This course is not one of yours, or it is not on this device yet.</p>
        <Link className={buttonClass('secondary')} to="/instructor-onboarding">
          Back to your teaching
        </Link>
      </div>
    );
  if (!draft) return <LoadingDots label="Loading the course" />;

  const update = (patch: Partial<Course>) => {
    setDraft({ ...draft, ...patch });
    setDirty(true);
    setMessage('');
  };

  const save = async (status: Course['status']) => {
    const found = status === 'published' ? publishErrors(draft) : draftErrors(draft);
    setErrors(found ?? {});
    if (found) {
      setMessage(
        `Please fix ${Object.keys(found).length === 1 ? 'one problem' : `${Object.keys(found).length} problems`} before ${status === 'published' ? 'publishing' : 'saving'}.`,
      );
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    const record = await saveCourse({ ...draft, status });
    setDraft(record);
    setDirty(false);
    requestSync();
    setMessage(
      status === 'published'
        ? 'Published. Students can enroll once it reaches the server.'
        : 'Draft saved on this device.',
    );
    if (courseId === 'new') {
      // Saved: the move to the course's own address is not a departure.
      leaving.current = true;
      void navigate({
        to: '/teach/courses/$courseId',
        params: { courseId: record.id },
        replace: true,
      });
    }
  };

  const moveTo = (from: number, to: number) => {
    update({ days: moveDay(draft.days, from, to) });
    // The focus stays on the moved day's button of the same direction (or the other one at an end).
    requestAnimationFrame(() => {
      const dir = to < from ? 'up' : 'down';
      const el = document.getElementById(`day-${dir}-${to}`) as HTMLButtonElement | null;
      (el && !el.disabled
        ? el
        : document.getElementById(`day-${dir === 'up' ? 'down' : 'up'}-${to}`)
      )?.focus();
    });
  };

  return (
    <div className="page stack teach">
      <div className="row teach-section-head">
        <h1>{courseId === 'new' ? 'New course' : 'Edit course'}</h1>
        {saved ? <SyncStateBadge state={saved.syncState} error={saved.lastError} /> : null}
      </div>
      <p>
        <Link className={buttonClass('secondary')} to="/instructor-onboarding">
          Back to your teaching
        </Link>
      </p>
      <div
        ref={summary}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        className={Object.keys(errors).length ? 'field__error' : undefined}
      >
        {message}
        {errors.days ? ` ${errors.days}` : ''}
      </div>
      {!online ? (
        <p className="muted">
          You are offline: saving keeps the course on this device; it uploads when you are back
          online.
        </p>
      ) : null}
      <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
        <Field
          label="Title"
          value={draft.title}
          maxLength={L.titleMax}
          error={errors.title}
          onChange={(e) => update({ title: e.target.value })}
        />
        <TextAreaField
          label="Description"
          hint="What students will practice and why."
          rows={4}
          value={draft.description}
          maxLength={L.descriptionMax}
          error={errors.description}
          onChange={(e) => update({ description: e.target.value })}
        />
        <SelectField
          label="Level"
          value={draft.level}
          options={COURSE_LEVELS.map((l) => ({ value: l, label: l }))}
          error={errors.level}
          onChange={(e) => update({ level: e.target.value as Course['level'] })}
        />
        <section className="stack" aria-labelledby="teach-days-title">
          <h2 id="teach-days-title">Days</h2>
          <ol className="list-reset stack">
            {draft.days.map((day, i) => (
              <DayEditor
                key={i}
                day={day}
                index={i}
                count={draft.days.length}
                choices={choices}
                programs={ownPrograms}
                errors={errors}
                onChange={(d) => update({ days: draft.days.map((x, j) => (j === i ? d : x)) })}
                onMove={(to) => moveTo(i, to)}
                onRemove={() => update({ days: draft.days.filter((_, j) => j !== i) })}
              />
            ))}
          </ol>
          <Button
            type="button"
            variant="secondary"
            disabled={draft.days.length >= L.daysMax}
            onClick={() => update({ days: [...draft.days, emptyDay()] })}
          >
            Add a day
          </Button>
        </section>
        <div className="row teach-wizard__nav">
          <Button type="button" variant="secondary" onClick={() => void save('draft')}>
            {draft.status === 'published' ? 'Unpublish and save as draft' : 'Save draft'}
          </Button>
          <Button type="button" onClick={() => void save('published')}>
            {draft.status === 'published' ? 'Save and keep published' : 'Publish'}
          </Button>
          {draft.status === 'published' ? (
            <Link
              to="/courses/$courseId"
              params={{ courseId: draft.id }}
              className={buttonClass('ghost')}
            >
              View as a student
            </Link>
          ) : null}
        </div>
      </form>
    </div>
  );
}
