/**
 * Optimal posting times (docs/product.md § Sharing and community), in the user's local
 * time: weekdays 7-9 AM, 12-1 PM and 5-7 PM; weekends 9-11 AM and 2-4 PM.
 */

/** [start hour, end hour) of each window. */
const WEEKDAY_WINDOWS: readonly (readonly [number, number])[] = [
  [7, 9],
  [12, 13],
  [17, 19],
];
const WEEKEND_WINDOWS: readonly (readonly [number, number])[] = [
  [9, 11],
  [14, 16],
];

interface PostingWindow {
  start: Date;
  end: Date;
}

const isWeekend = (d: Date) => d.getDay() === 0 || d.getDay() === 6;

function at(day: Date, hour: number): Date {
  const d = new Date(day);
  d.setHours(hour, 0, 0, 0);
  return d;
}

/** The windows of the calendar day that contains `day`. */
function windowsOn(day: Date): PostingWindow[] {
  return (isWeekend(day) ? WEEKEND_WINDOWS : WEEKDAY_WINDOWS).map(([s, e]) => ({
    start: at(day, s),
    end: at(day, e),
  }));
}

export function isOptimalPostingTime(t: Date): boolean {
  return windowsOn(t).some((w) => t >= w.start && t < w.end);
}

/** The next `count` windows that have not ended yet (a window under way comes first). */
export function nextPostingWindows(now: Date, count = 3): PostingWindow[] {
  const out: PostingWindow[] = [];
  const day = new Date(now);
  for (let i = 0; i < 14 && out.length < count; i++) {
    for (const w of windowsOn(day)) if (w.end > now && out.length < count) out.push(w);
    day.setDate(day.getDate() + 1);
    day.setHours(12, 0, 0, 0);
  }
  return out;
}
