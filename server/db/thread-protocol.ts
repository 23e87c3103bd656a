/**
 * Messages between the server's main thread and the database thread (pglite-thread.ts and
 * pglite-worker.ts). Every request carries an id; the answer with that id settles it.
 */
export type DbRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'batch'; sql: string }
  /** Opens a transaction (BEGIN, then `setup`); answers with its number once open. */
  | { id: number; op: 'begin'; setup?: string }
  /** Commits or rolls back an open transaction; answers once it has ended. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** The database thread's first message: the database is open, or why it could not be opened. */
export type DbReady = { ready: true; error: null } | { ready: false; error: SentError };

export type DbAnswer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SentError };

/** An error as it crosses the thread: its message, name and Postgres's fields (code, detail, hint, ...). */
export interface SentError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean>;
}

export function sendError(e: unknown): SentError {
  if (!(e instanceof Error)) return { message: String(e), name: 'Error', fields: {} };
  const fields: SentError['fields'] = {};
  for (const [k, v] of Object.entries(e)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
  }
  return { message: e.message, name: e.name, fields };
}

/** The error again on this side: an Error with the same message, name and fields (so isPgError still sees the code). */
export function receiveError(s: SentError): Error {
  const e = new Error(s.message);
  Object.assign(e, s.fields);
  e.name = s.name;
  return e;
}
