import type { SyncedRowMeta } from '../../data/db';
import { isStamp } from '../../domain/syncMerge';

/**
 * Reading values out of a row the server sent (a pull). The server's checks already
 * hold, but a row that is not what this version of the app understands is skipped, never
 * stored half-read.
 */
export type ServerRow = Record<string, unknown>;

/** A finite number, or undefined. */
export const numberOr = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/** Non-empty text, or undefined. */
export const textOr = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : undefined;

/** Epoch ms of a time text, or undefined. */
export const timeOr = (v: unknown): number | undefined => {
  if (typeof v !== 'string') return undefined;
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? ms : undefined;
};

/** The server's version of a row: its stamp and whether it is a tombstone. Null when unreadable. */
export function serverVersion(row: ServerRow): { updatedAt: string; deleted: boolean } | null {
  if (!isStamp(row.updated_at)) return null;
  return {
    updatedAt: row.updated_at,
    deleted: row.deleted_at !== null && row.deleted_at !== undefined,
  };
}

/** Copies the defined entries only (a stored record has no keys holding undefined). */
export function withoutUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** The bookkeeping of a per-person row pulled from the server: the user's, synced, as the server has it. */
export function pulledMeta(r: ServerRow, userId: string, serverUpdatedAt: string): SyncedRowMeta {
  return {
    owner: userId,
    updatedAt: serverUpdatedAt,
    deleted: r.deleted_at !== null && r.deleted_at !== undefined,
    syncState: 'synced',
    serverUpdatedAt,
  };
}

/** `deleted_at` to send for a per-person row: its removal time, or null while it stands. */
export const deletedAtOf = (row: Pick<SyncedRowMeta, 'deleted' | 'updatedAt'>): string | null =>
  row.deleted ? row.updatedAt : null;
