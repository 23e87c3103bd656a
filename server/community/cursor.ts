import { z } from 'zod';

/**
 * Keyset paging: a cursor names the last row of a page (its group, exact creation time
 * with microseconds, and id), so the next page starts right after it however many rows
 * arrive meanwhile. Opaque to clients (base64url JSON).
 */
export interface Cursor {
  /** Timeline group: 0 = you and the people you follow, 1 = everyone else. */
  g: number;
  /** created_at as 'YYYY-MM-DDTHH:MM:SS.ffffffZ'. */
  t: string;
  i: string;
}

const cursorSchema = z
  .object({
    g: z.number().int().min(0).max(1),
    t: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
    i: z.uuid(),
  })
  .strict();

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** The cursor, null when absent, or 'invalid'. */
export function decodeCursor(raw: string | undefined): Cursor | null | 'invalid' {
  if (raw === undefined || raw === '') return null;
  if (raw.length > 300 || !/^[A-Za-z0-9_-]+$/.test(raw)) return 'invalid';
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** SQL for a timestamptz as a cursor's exact UTC text. */
export const cursorTime = (column: string) =>
  `to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
