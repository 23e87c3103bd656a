/**
 * The way back from a course day's results to its course (issue #44 item 6): the course page
 * starts a day's session with `courseReturn` in the navigation state; the session screens keep
 * the state they were opened with when they leave for /results (`state: (prev) => ...`; the
 * history state names it in features/session/navState.ts), so
 * the results screen offers 'Back to <course>' first. A results page opened any other way
 * (a reload keeps it too, as browser history state) has no course and shows none.
 */
export interface CourseReturn {
  courseId: string;
  title: string;
}

/** The state a course page hands to a day's session (only a well-formed id passes). */
export function courseReturnOf(value: unknown): CourseReturn | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { courseId, title } = value as Record<string, unknown>;
  if (typeof courseId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(courseId)) return undefined;
  if (typeof title !== 'string' || !title.trim()) return undefined;
  return { courseId, title: title.trim() };
}
