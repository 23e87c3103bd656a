import { RestError } from './errors';
import type { TableInfo } from './tableInfo';

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
 * What all the like/ilike filters of ONE request may ask together (issue 42: 120 filters each
 * within the per-pattern caps held the embedded database for its whole timeout): how many such
 * filters, and their patterns' characters and wildcards added up. A count asked with the read
 * (`Prefer: count=`) runs the filters a second time, so they count twice. The anon key alone
 * gets the smaller budget: it is anyone's.
 */
export interface PatternBudget {
  filters: number;
  chars: number;
  wildcards: number;
}
export const PATTERN_BUDGETS: Readonly<Record<'anon' | 'user', PatternBudget>> = Object.freeze({
  anon: { filters: 2, chars: PATTERN_MAX_CHARS, wildcards: PATTERN_MAX_WILDCARDS },
  user: { filters: 4, chars: 2 * PATTERN_MAX_CHARS, wildcards: 2 * PATTERN_MAX_WILDCARDS },
});

const wildcardsOf = (pattern: string) => pattern.replace(/[^*%]/g, '').length;

/**
 * Refuses a request whose like/ilike filters together pass the caller's budget (PATTERN_BUDGETS):
 * a 400 PGRST100 naming the limit, before anything reaches the database. `runs` is how many
 * statements evaluate the filters (2 with a count).
 */
export function checkPatternBudget(role: string, patterns: readonly string[], runs = 1): void {
  if (patterns.length === 0) return;
  const who = role === 'anon' ? 'anon' : 'user';
  const budget = PATTERN_BUDGETS[who];
  const caller = who === 'anon' ? 'with the anon key alone' : 'signed in';
  const refuse = (what: string, max: number) =>
    new RestError(
      400,
      'PGRST100',
      `This request's like/ilike filters ${what}; at most ${max} per request ${caller}`,
      runs > 1 ? 'A count (Prefer: count=) runs the filters twice, so they count twice' : null,
      'Use fewer or shorter patterns, or eq, in and is filters',
    );
  const filters = patterns.length * runs;
  if (filters > budget.filters) throw refuse(`count ${filters}`, budget.filters);
  const chars = patterns.reduce((n, p) => n + p.length, 0) * runs;
  if (chars > budget.chars) throw refuse(`have ${chars} characters together`, budget.chars);
  const wildcards = patterns.reduce((n, p) => n + wildcardsOf(p), 0) * runs;
  if (wildcards > budget.wildcards) throw refuse(`have ${wildcards} wildcards (* or %) together`, budget.wildcards);
}

/**
 * Rate-limit points of one /rest/v1 read (server/limits: REST_READ counts cost, not requests): 1,
 * plus PATTERN_FILTER_POINTS for each like/ilike filter in its query string. A read stopped at its
 * statement timeout costs more afterwards (TIMED_OUT_SHARE of the limit), so one caller's
 * back-to-back expensive reads are refused long before they keep the database busy or, on the
 * embedded database, restarting.
 */
export const PATTERN_FILTER_POINTS = 10;
/** The share of a read limit one read stopped at its statement timeout uses up. */
export const TIMED_OUT_SHARE = 1 / 2;

export function readPoints(params: URLSearchParams): number {
  let patterns = 0;
  for (const v of params.values()) if (/^(not\.)?i?like\./.test(v)) patterns++;
  // more than the budget allows is refused before the database (a 400): it costs no more
  return 1 + PATTERN_FILTER_POINTS * Math.min(patterns, PATTERN_BUDGETS.user.filters);
}

/** Requests whose statement ran into its timeout (57014), by request object, for the limits' afterwards charge. */
const timedOut = new WeakSet<Request>();
export function noteTimedOut(req: Request): void {
  timedOut.add(req);
}
export function ranIntoTimeout(req: Request): boolean {
  return timedOut.has(req);
}

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
  const wildcards = wildcardsOf(pattern);
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
