import type { UserPreferenceRecord } from '../../data/db';
import { pulledMeta, textOr, type ServerRow } from './serverValues';

/** The row sent to public.user_preferences: one per user and preference key. */
interface PreferenceRow {
  user_id: string;
  key: string;
  value: unknown;
  deleted_at: string | null;
}

export function toPreferenceRow(p: UserPreferenceRecord, userId: string): PreferenceRow {
  // No value is the default again: sent as a removal (the column holds a value on every row).
  const removed = Boolean(p.deleted) || p.value === undefined || p.value === null;
  return {
    user_id: userId,
    key: p.key,
    value: removed ? (p.value ?? false) : p.value,
    deleted_at: removed ? p.updatedAt : null,
  };
}

export function fromPreferenceRow(
  r: ServerRow,
  userId: string,
  serverUpdatedAt: string,
): UserPreferenceRecord | null {
  const key = textOr(r.key);
  if (!key || r.value === undefined) return null;
  return { ...pulledMeta(r, userId, serverUpdatedAt), key, value: r.value };
}
