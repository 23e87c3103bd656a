import { RestError } from './errors';
import type { TableInfo } from './catalog';

/**
 * What one /rest/v1 request may ask of the database (docs/product.md § Security, "Timeouts and
 * read limits"; server/README.md § Limits). A like/ilike pattern is matched by backtracking, so
 * its cost grows with its length, its wildcards and the length of the text it runs over: an 8 KB
 * pattern over a few hundred large jsonb values once held the embedded database for minutes.
 */

/** Longest like/ilike pattern, in characters. */
export const PATTERN_MAX_CHARS = 100;
/** Most `*` or `%` wildcards in one pattern (`_` matches one character and costs nothing more). */
export const PATTERN_MAX_WILDCARDS = 4;
/** Pattern matching runs only on text columns the schema bounds to at most this many characters. */
export const PATTERN_COLUMN_MAX_CHARS = 2000;
/** Default cap on one read's JSON body (PNEUMA_MAX_RESPONSE_BYTES). */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * Types whose text form is short whatever the value (numbers, ids, dates): a pattern over them
 * stays cheap, so it is allowed as PostgREST allows it.
 */
const SHORT_SCALAR =
  /^(uuid|smallint|integer|bigint|real|double precision|boolean|date|numeric(\(.*\))?|time(stamp)?( ?\(\d\))?( with(out)? time zone)?|interval.*)$/;
/** Text types; `character varying(120)` carries its own bound. */
const TEXT = /^(text|citext|character varying|character)(\((\d+)\))?$/;

/**
 * Refuses a like/ilike filter that could hold the database: a pattern over PATTERN_MAX_CHARS
 * characters or PATTERN_MAX_WILDCARDS wildcards, or on a column that is not short text (jsonb,
 * arrays, bytea) or whose schema allows more than PATTERN_COLUMN_MAX_CHARS characters. Each a
 * 400 in PostgREST's error shape, saying which limit and what to do instead.
 */
export function checkPattern(table: TableInfo, column: string, type: string, pattern: string): void {
  const where = `${table.name}.${column}`;
  if (pattern.length > PATTERN_MAX_CHARS) {
    throw new RestError(
      400,
      'PGRST100',
      `The like/ilike pattern on ${where} is ${pattern.length} characters long; at most ${PATTERN_MAX_CHARS} are allowed`,
      null,
      'Match a shorter pattern',
    );
  }
  const wildcards = pattern.replace(/[^*%]/g, '').length;
  if (wildcards > PATTERN_MAX_WILDCARDS) {
    throw new RestError(
      400,
      'PGRST100',
      `The like/ilike pattern on ${where} has ${wildcards} wildcards (* or %); at most ${PATTERN_MAX_WILDCARDS} are allowed`,
      null,
      'Use fewer wildcards',
    );
  }
  if (SHORT_SCALAR.test(type)) return;
  const text = TEXT.exec(type);
  const bound = text ? (text[3] ? Number(text[3]) : table.maxChars?.get(column)) : undefined;
  if (text && bound !== undefined && bound <= PATTERN_COLUMN_MAX_CHARS) return;
  throw new RestError(
    400,
    'PGRST100',
    text
      ? `Pattern matching (like, ilike) is not allowed on ${where}: it may hold more than ${PATTERN_COLUMN_MAX_CHARS} characters`
      : `Pattern matching (like, ilike) is not allowed on ${where} (${type})`,
    `like and ilike run on text columns of at most ${PATTERN_COLUMN_MAX_CHARS} characters and on number, id and date columns`,
    'Filter this column with eq, in or is',
  );
}

/**
 * The longest text a column may hold, as far as its CHECK constraints say: `length(col) <= n`
 * (also char_length, and length(btrim(col))), or a list of allowed values. Undefined when
 * nothing bounds it. `defs` are pg_get_constraintdef() texts of the constraints naming it.
 */
export function boundFromChecks(column: string, defs: readonly string[]): number | undefined {
  const col = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const length = new RegExp(`(?:char_length|length)\\((?:btrim\\()?${col}\\)?\\) <= (\\d+)`);
  const listed = new RegExp(`\\(${col} = (?:ANY \\(ARRAY\\[('[^']*'::text(?:, )?)+\\]\\)|'[^']*'::text)\\)`);
  let best: number | undefined;
  for (const def of defs) {
    const m = length.exec(def);
    const n = m ? Number(m[1]) : listed.test(def) ? longestLiteral(def) : undefined;
    if (n !== undefined && (best === undefined || n < best)) best = n;
  }
  return best;
}

function longestLiteral(def: string): number {
  let n = 0;
  for (const m of def.matchAll(/'([^']*)'::text/g)) n = Math.max(n, m[1]!.length);
  return n;
}

/** How long a statement of a /rest/v1 request may run, by the caller's role. */
export interface StatementTimeouts {
  /** Requests with the anon key alone (no user). */
  anonMs: number;
  /** Signed-in users and the service role. */
  userMs: number;
}

/** Defaults: PNEUMA_STATEMENT_TIMEOUT_ANON and PNEUMA_STATEMENT_TIMEOUT override them (ms). */
export const DEFAULT_STATEMENT_TIMEOUTS: StatementTimeouts = { anonMs: 3000, userMs: 15000 };

export function timeoutFor(role: string, t: StatementTimeouts = DEFAULT_STATEMENT_TIMEOUTS): number {
  return role === 'anon' ? t.anonMs : t.userMs;
}

/** A read whose JSON body would pass the byte cap: a 400 (Postgres's program_limit_exceeded code) saying how to ask for less. */
export function tooLarge(bytes: number, cap: number): RestError {
  const mb = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;
  return new RestError(
    400,
    '54000',
    `The answer would be ${mb(bytes)}, over this server's ${mb(cap)} limit for one read`,
    `At most ${cap} bytes per response`,
    'Ask for fewer rows (limit, Range) or fewer columns (select)',
  );
}
