import type { z } from 'zod';

/**
 * How a synced table's rows are in the offline data file (src/features/data-bundle), as the
 * section named like the table's entry in ../syncedTables.ts. The data file's export and
 * import go over the registry's entries and use this, so a table whose entry carries one is
 * written and read back with no other file naming it.
 *
 * `L` is the local record, `R` one row as the file's check (`row`) gives it back.
 */
export interface BundleSection<L, R = L> {
  /**
   * True: a file without this section is not one of this app's data files (the sections
   * every export has had). False: a file without it (an export from before it existed)
   * imports none of it.
   */
  required: boolean;
  /** Which local rows go into the file (absent: all of them). Oldest first, by createdAt. */
  exports?(record: L): boolean;
  /**
   * One row of the section as import accepts it: checked and turned into a plain object by
   * this schema (fields it does not name are dropped), its problems named in words.
   */
  row: z.ZodType<R>;
  /** The checked rows as local records, without duplicates of one local key. */
  toLocal(rows: R[], now: Date): Promise<L[]>;
  /**
   * A record of the file whose key is already on this device: the record to store instead,
   * or null to keep the device's version (absent: always kept).
   */
  replaces?(incoming: L, current: L): L | null;
}

/** The section of a table of `L` records, whatever its rows look like in the file. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SectionOf<L> = BundleSection<L, any>;

/** Each section keeps its own record types; lists hold them side by side. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBundleSection = BundleSection<any, any>;
