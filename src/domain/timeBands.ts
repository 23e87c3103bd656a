/**
 * Time bands (docs/product.md § Discovery): greetings by hour, the library's time greeting, its
 * 'Recommended for now' windows and the recommendation windows. Pure: callers pass the
 * local hour (0-23), usually `new Date().getHours()`.
 *
 * Every band is half-open: "before 12" means hours 0-11, "6-12" means 6 <= hour < 12.
 */

/** A clean hour 0-23; anything else (NaN, 24, -1, 7.5) is a programming error. */
export function assertHour(hour: number): number {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
    throw new RangeError(`An hour must be a whole number from 0 to 23 (got ${String(hour)}).`);
  }
  return hour;
}

/** Home greeting: morning before 12, afternoon before 17, else evening. */
export function homeGreeting(hour: number): string {
  assertHour(hour);
  if (hour < 12) return 'Good morning! Ready to start your day mindfully?';
  if (hour < 17) return 'Good afternoon! Time for a mindful break?';
  return "Good evening! Let's wind down together.";
}

type LibraryDayPart = 'morning' | 'afternoon' | 'evening' | 'night';

/**
 * The library's time of day. The product names four greetings without their hours; they
 * follow the library's own 'Recommended for now' windows so the greeting and the
 * suggestion never disagree: 6-12 morning, 12-17 afternoon, 17-21 evening, else night.
 */
function libraryDayPart(hour: number): LibraryDayPart {
  assertHour(hour);
  if (hour >= 6 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  if (hour >= 17 && hour < 21) return 'evening';
  return 'night';
}

const LIBRARY_GREETINGS: Record<LibraryDayPart, string> = {
  morning: 'Good morning',
  afternoon: 'Good afternoon',
  evening: 'Good evening',
  night: 'Good night',
};

/** The library heading's time greeting. */
export function libraryGreeting(hour: number): string {
  return LIBRARY_GREETINGS[libraryDayPart(hour)];
}

const RECOMMENDED_FOR_NOW: Record<LibraryDayPart, readonly [string, string]> = {
  morning: ['energy', 'box'],
  afternoon: ['box', 'mindfulness'],
  evening: ['relaxation', 'box'],
  night: ['sleep', 'relaxation'],
};

/** Pattern ids for the library's 'Recommended for now'. */
export function recommendedForNow(hour: number): readonly string[] {
  return RECOMMENDED_FOR_NOW[libraryDayPart(hour)];
}

/** The recommendation windows: 6-10, 10-14, 14-18, 18-22, else night. */
export type RecommendationWindow = 'morning' | 'midday' | 'afternoon' | 'evening' | 'night';

export function recommendationWindow(hour: number): RecommendationWindow {
  assertHour(hour);
  if (hour >= 6 && hour < 10) return 'morning';
  if (hour >= 10 && hour < 14) return 'midday';
  if (hour >= 14 && hour < 18) return 'afternoon';
  if (hour >= 18 && hour < 22) return 'evening';
  return 'night';
}

/** A goal's best time of day. */
export type GoalTime = 'morning' | 'evening' | 'any';

/**
 * Which goal time "now" is: morning is 6-12, 17 onwards is evening. The night
 * hours before 6 count as evening too (winding down, not starting the day); 12-17
 * matches only goals for any time.
 */
export function goalTimeNow(hour: number): Exclude<GoalTime, 'any'> | null {
  assertHour(hour);
  if (hour >= 6 && hour < 12) return 'morning';
  if (hour >= 17 || hour < 6) return 'evening';
  return null;
}

/** True when a goal's time is any or matches the hour: the 'Optimal Time' badge. */
export function isOptimalTime(time: GoalTime, hour: number): boolean {
  return time === 'any' || goalTimeNow(hour) === time;
}
