import { formatDistanceStrict } from 'date-fns';

/** '5 minutes ago'; the date itself when the time cannot be read. */
export function timeAgo(iso: string, now = new Date()): string {
  const t = new Date(iso);
  if (!Number.isFinite(t.getTime())) return 'at an unknown time';
  if (Math.abs(now.getTime() - t.getTime()) < 45_000) return 'just now';
  return formatDistanceStrict(t, now, { addSuffix: true });
}
