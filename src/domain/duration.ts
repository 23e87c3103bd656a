/**
 * A duration in seconds as the app shows it everywhere (results, history): '45 s',
 * '2 min', '2 min 40 s', '1 h 05 min'. Rounded to the second; negative reads as 0 s.
 */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  if (m < 60) return rest ? `${m} min ${rest} s` : `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}
