import type { Queryable } from '../db/types';
import { boundFromChecks } from './read-limits';
import type { TableInfo } from './tableInfo';

/** Tables and views in the public schema, read from the system catalogue. */
export async function loadCatalog(db: Queryable): Promise<Map<string, TableInfo>> {
  const cols = await db.query<{ table_name: string; column_name: string; type: string }>(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'p', 'm') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const pks = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = 'public' and i.indisprimary
      order by c.relname, a.attnum`,
  );
  const checks = await db.query<{ table_name: string; column_name: string; def: string }>(
    `select c.relname as table_name, a.attname as column_name, pg_get_constraintdef(k.oid) as def
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(k.conkey)
      where n.nspname = 'public' and k.contype = 'c'`,
  );
  const out = new Map<string, TableInfo>();
  for (const r of cols.rows) {
    let t = out.get(r.table_name);
    if (!t) {
      t = { name: r.table_name, columns: new Map(), primaryKey: [] };
      out.set(r.table_name, t);
    }
    t.columns.set(r.column_name, r.type);
  }
  for (const r of pks.rows) out.get(r.table_name)?.primaryKey.push(r.column_name);
  const defs = new Map<string, string[]>();
  for (const r of checks.rows) {
    const key = `${r.table_name}.${r.column_name}`;
    defs.set(key, [...(defs.get(key) ?? []), r.def]);
  }
  for (const t of out.values()) {
    t.maxChars = new Map();
    for (const col of t.columns.keys()) {
      const bound = boundFromChecks(col, defs.get(`${t.name}.${col}`) ?? []);
      if (bound !== undefined) t.maxChars.set(col, bound);
    }
  }
  return out;
}

/** Double-quoted identifier. Only ever called with names found in the catalogue. */
export function qi(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
