/**
 * The tiny database interface the server needs. Two implementations: PGlite
 * (embedded Postgres in a data folder) and node-postgres (any Postgres server).
 */
export interface QueryResult<T> {
  rows: T[];
  /** Rows touched by INSERT/UPDATE/DELETE (0 for plain SELECT where unknown). */
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

export interface Tx extends Queryable {
  /** Runs several statements separated by semicolons (no parameters). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Tx {
  /** BEGIN ... COMMIT around fn; ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/** Error fields Postgres reports (both drivers expose these). */
export interface PgErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgErrorLike & Error {
  if (!(e instanceof Error)) return false;
  const code = (e as unknown as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}
