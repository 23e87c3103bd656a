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

/**
 * How a request's work may use the database: `timeoutMs` is its statement timeout (PostgreSQL
 * enforces it from the SQL; the embedded database's watchdog stops work past it, see
 * pglite-watchdog.ts); `anonymous` work (the anon key alone) gets a small share of PostgreSQL's
 * connections (postgres.ts).
 */
export interface WorkLimits {
  timeoutMs?: number;
  anonymous?: boolean;
}

export interface Db extends Tx {
  /**
   * BEGIN ... COMMIT around fn; ROLLBACK when it throws. `setup` (parameterless SQL,
   * built only from trusted values) runs right after BEGIN, in the same round trip
   * where the driver allows it.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, setup?: string, limits?: WorkLimits): Promise<T>;
  /**
   * Sends several statements separated by semicolons in ONE round trip (the simple query
   * protocol: no parameters, so values must already be inlined with sqlLiteral). They run as
   * one implicit transaction: a failing statement rolls back the ones before it, and
   * set_config(..., true) holds until the last one ends. Returns each statement's result in order.
   */
  batch(sql: string, limits?: WorkLimits): Promise<QueryResult<Record<string, unknown>>[]>;
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

/**
 * A SQL string literal for any text (dollar-quoted with a tag that cannot occur in it, nor
 * across its end: a value ending in "$q" must not close "$q$" early, so "$tag" itself is absent).
 */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('NUL in SQL literal');
  let tag = 'q';
  while (value.includes(`$${tag}`)) tag += 'q';
  return `$${tag}$${value}$${tag}$`;
}
