import { sqlLiteral } from '../db/types';
import { parseError, RestError } from './errors';
import { qi } from './catalog';
import type { TableInfo } from './tableInfo';
import { checkPattern } from './read-limits';

/** The parts of a PostgREST URL this server understands. Pure parsing, no I/O. */
export interface SelectItem {
  column: string;
  alias: string;
}
export type FilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'in' | 'is';
export interface Filter {
  column: string;
  op: FilterOp;
  negate: boolean;
  value: string | string[];
}
export interface OrderItem {
  column: string;
  desc: boolean;
  nulls?: 'first' | 'last';
}
export interface ParsedQuery {
  select: { star: boolean; items: SelectItem[] };
  filters: Filter[];
  order: OrderItem[];
  limit?: number;
  offset?: number;
  onConflict?: string[];
  columns?: string[];
}

const OPS: Record<FilterOp, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  in: 'in',
  is: 'is',
};
const UNSUPPORTED_OPS = new Set([
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'match',
  'imatch',
  'isdistinct',
  'like(any)',
  'like(all)',
]);
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_ITEMS = 200;

/** A column name as written in a URL: bare identifier or "double quoted". */
function ident(raw: string, what: string): string {
  let s = raw.trim();
  if (s.length > 2 && s.startsWith('"') && s.endsWith('"')) s = s.slice(1, -1).replace(/""/g, '"');
  if (!IDENT.test(s) || s.length > 63) throw parseError(`"${raw}" is not a valid ${what}`);
  return s;
}

export function parseSelect(raw: string | null): ParsedQuery['select'] {
  const text = (raw ?? '*').trim();
  if (text === '' || text === '*') return { star: true, items: [] };
  if (/[()!]/.test(text)) {
    throw parseError(
      'Embedded resources are not supported by this server',
      `select=${text.slice(0, 200)}`,
      'Select columns of one table only',
    );
  }
  const parts = text.split(',');
  if (parts.length > MAX_ITEMS) throw parseError('Too many select items');
  let star = false;
  const items: SelectItem[] = [];
  for (const part of parts) {
    if (part.trim() === '*') {
      star = true;
      continue;
    }
    if (part.includes('::') || part.includes('->'))
      throw parseError(`Casts and JSON paths in select are not supported: "${part}"`);
    const colon = part.indexOf(':');
    const alias = colon >= 0 ? ident(part.slice(0, colon), 'alias') : undefined;
    const column = ident(colon >= 0 ? part.slice(colon + 1) : part, 'column name');
    items.push({ column, alias: alias ?? column });
  }
  return { star, items };
}

function splitList(inner: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < inner.length) cur += inner[++i];
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      out.push(wasQuoted ? cur : cur.trim());
      cur = '';
      wasQuoted = false;
    } else cur += ch;
  }
  if (quoted) throw parseError('Unterminated quote in list');
  out.push(wasQuoted ? cur : cur.trim());
  return out;
}

export function parseFilter(column: string, raw: string): Filter {
  const col = ident(column, 'column name');
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const opName = dot >= 0 ? rest.slice(0, dot) : rest;
  const value = dot >= 0 ? rest.slice(dot + 1) : '';
  if (UNSUPPORTED_OPS.has(opName))
    throw parseError(
      `The operator "${opName}" is not supported by this server`,
      `${column}=${raw.slice(0, 200)}`,
    );
  if (!(opName in OPS) || dot < 0) {
    throw parseError(
      `"failed to parse filter (${raw.slice(0, 200)})"`,
      `${column}=${raw.slice(0, 200)}`,
      'Use column=operator.value, e.g. id=eq.123',
    );
  }
  const op = opName as FilterOp;
  if (op === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')'))
      throw parseError(
        `"failed to parse filter (${raw.slice(0, 200)})"`,
        null,
        'in needs a list: in.(a,b)',
      );
    const list = splitList(value.slice(1, -1));
    if (list.length > 1000) throw parseError('Too many values in an in list');
    return { column: col, op, negate, value: list };
  }
  if (op === 'is') {
    const v = value.toLowerCase();
    if (!['null', 'true', 'false', 'unknown'].includes(v))
      throw parseError(
        `"failed to parse filter (${raw.slice(0, 200)})"`,
        null,
        'is takes null, true, false or unknown',
      );
    return { column: col, op, negate, value: v };
  }
  return { column: col, op, negate, value };
}

export function parseOrder(raw: string): OrderItem[] {
  const out: OrderItem[] = [];
  for (const part of raw.split(',')) {
    const segs = part.split('.');
    const column = ident(segs[0] ?? '', 'order column');
    const item: OrderItem = { column, desc: false };
    for (const s of segs.slice(1)) {
      if (s === 'asc') item.desc = false;
      else if (s === 'desc') item.desc = true;
      else if (s === 'nullsfirst') item.nulls = 'first';
      else if (s === 'nullslast') item.nulls = 'last';
      else
        throw parseError(
          `"failed to parse order (${raw.slice(0, 200)})"`,
          null,
          'Use order=column.asc|desc[.nullsfirst|nullslast]',
        );
    }
    out.push(item);
  }
  if (out.length > 20) throw parseError('Too many order columns');
  return out;
}

function parseCount(raw: string, what: 'limit' | 'offset'): number {
  if (!/^\d{1,9}$/.test(raw))
    throw parseError(
      `"failed to parse ${what} (${raw.slice(0, 50)})"`,
      null,
      `${what} must be a non-negative integer`,
    );
  return Number(raw);
}

export function parseQuery(params: URLSearchParams): ParsedQuery {
  const q: ParsedQuery = { select: parseSelect(params.get('select')), filters: [], order: [] };
  for (const [key, value] of params) {
    if (key === 'order') q.order.push(...parseOrder(value));
    else if (key === 'limit') q.limit = parseCount(value, 'limit');
    else if (key === 'offset') q.offset = parseCount(value, 'offset');
    else if (key === 'on_conflict')
      q.onConflict = value.split(',').map((c) => ident(c, 'on_conflict column'));
    else if (key === 'columns') q.columns = value.split(',').map((c) => ident(c, 'column name'));
    else if (key === 'or' || key === 'and' || key.startsWith('not.') || key.includes('.')) {
      throw parseError(
        `Logical and embedded filters ("${key.slice(0, 60)}") are not supported by this server`,
      );
    } else if (!RESERVED.has(key)) q.filters.push(parseFilter(key, value));
  }
  if (q.filters.length > MAX_ITEMS) throw parseError('Too many filters');
  return q;
}

/**
 * Collects the values of one statement: as positional parameters ($1, $2, ...), or with
 * `inline` as SQL literals in the text itself, for a statement sent in one batch with the
 * request's role and claims (the simple protocol takes no parameters). Values are text or
 * null either way, so Postgres casts them exactly alike.
 */
export class Params {
  readonly values: unknown[] = [];
  constructor(readonly inline = false) {}
  add(v: unknown): string {
    if (this.inline) return inlineValue(v);
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

function inlineValue(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  const text = String(v);
  // What Postgres answers for a NUL in a text parameter.
  if (text.includes('\0')) throw new RestError(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00');
  return sqlLiteral(text);
}

export function checkColumn(table: TableInfo, column: string): string {
  const type = table.columns.get(column);
  if (type === undefined)
    throw new RestError(400, '42703', `column ${table.name}.${column} does not exist`, null, null);
  return type;
}

export function whereSql(table: TableInfo, filters: Filter[], p: Params): string {
  if (filters.length === 0) return '';
  const parts = filters.map((f) => {
    const type = checkColumn(table, f.column);
    const col = qi(f.column);
    let sql: string;
    if (f.op === 'is') {
      sql = `${col} is ${String(f.value)}`;
    } else if (f.op === 'in') {
      const list = f.value as string[];
      sql =
        list.length === 0
          ? 'false'
          : `${col} in (${list.map((v) => `${p.add(v)}::${type}`).join(', ')})`;
    } else if (f.op === 'like' || f.op === 'ilike') {
      checkPattern(table, f.column, type, String(f.value));
      sql = `${col}::text ${OPS[f.op]} ${p.add(String(f.value).replace(/\*/g, '%'))}`;
    } else {
      sql = `${col} ${OPS[f.op]} ${p.add(f.value)}::${type}`;
    }
    return f.negate ? `not (${sql})` : sql;
  });
  return ` where ${parts.join(' and ')}`;
}

export function orderSql(table: TableInfo, order: OrderItem[]): string {
  if (order.length === 0) return '';
  return (
    ' order by ' +
    order
      .map((o) => {
        checkColumn(table, o.column);
        return `${qi(o.column)} ${o.desc ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`;
      })
      .join(', ')
  );
}

export function selectSql(table: TableInfo, sel: ParsedQuery['select']): string {
  const items = sel.items.map((i) => {
    checkColumn(table, i.column);
    return i.alias === i.column ? qi(i.column) : `${qi(i.column)} as ${qi(i.alias)}`;
  });
  if (sel.star) items.unshift('*');
  return items.join(', ');
}

/** A JSON value from a request body as a text parameter for a column of the given type. */
export function toParam(value: unknown, type: string, column: string): string | null {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new RestError(400, '22P02', `invalid number for column ${column}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new RestError(
    400,
    '22P02',
    `invalid input for column "${column}" of type ${type}: ${JSON.stringify(value).slice(0, 100)}`,
  );
}
