/**
 * A duration in seconds as the app shows it everywhere (the session clock, results,
 * history, posts): 'm:ss', 'h:mm:ss' from an hour ('0:58', '2:40', '1:05:00'). Rounded
 * to the second; negative reads as 0:00.
 */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
