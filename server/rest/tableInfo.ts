/**
 * What the server knows of one table or view of the public schema, read from the system
 * catalogue by catalog.ts (loadCatalog) and used by the query builder and the read limits.
 * Its own module so that read-limits.ts (which catalog.ts uses) needs no import of catalog.ts.
 */
export interface TableInfo {
  name: string;
  /** column name -> SQL type as format_type() prints it (used for casts). */
  columns: Map<string, string>;
  primaryKey: string[];
  /** column name -> most characters its CHECK constraints allow (read-limits.ts); absent = unbounded. */
  maxChars?: Map<string, number>;
}
