import type { Db } from '../db/types';
import { loadCatalog } from './catalog';
import type { TableInfo } from './tableInfo';
import { RestError } from './errors';

/** An unknown table reloads the catalogue at most this often (a migration may add one). */
const RELOAD_AFTER_MS = 2000;

/** PostgREST's schema cache: the public tables, loaded once and reloaded on a miss. */
export class TableCache {
  private catalog: Map<string, TableInfo> | undefined;
  private loadedAt = 0;

  constructor(private readonly db: Db) {}

  async get(name: string): Promise<TableInfo> {
    if (
      !this.catalog ||
      (!this.catalog.has(name) && Date.now() - this.loadedAt > RELOAD_AFTER_MS)
    ) {
      this.catalog = await loadCatalog(this.db);
      this.loadedAt = Date.now();
    }
    const t = this.catalog.get(name);
    if (!t) {
      throw new RestError(
        404,
        'PGRST205',
        `Could not find the table 'public.${name.slice(0, 63)}' in the schema cache`,
      );
    }
    return t;
  }
}
