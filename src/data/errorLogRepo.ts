import { db, type ErrorLogRecord } from './db';

/**
 * The local error log (docs/product.md § Errors: 100 stored errors kept on the device). It
 * is also the offline queue of error reports: a record
 * with `reported: false` waits to be sent, unless the sampling left it out.
 */

export const ERROR_LOG_LIMITS = Object.freeze({ local: 100 });

/**
 * Context key marking a record that is kept on the device and never sent: its value says
 * why ('sampled_out': outside the 10% sample of low errors; 'local_only': logged only;
 * 'rejected': the server refused it as malformed).
 */
export const SAMPLED_OUT_KEY = 'reporting';
export const SAMPLED_OUT_VALUE = 'sampled_out';
type LocalOnlyReason = 'sampled_out' | 'local_only' | 'rejected';

type NewErrorLogRecord = Omit<ErrorLogRecord, 'id'>;

/** True when the record is not meant for the server (see SAMPLED_OUT_KEY). */
function isSampledOut(record: ErrorLogRecord): boolean {
  return typeof record.context?.[SAMPLED_OUT_KEY] === 'string';
}

/** Stores an error, then drops the oldest beyond the last 100. Returns its id. */
export async function addErrorLog(record: NewErrorLogRecord): Promise<number> {
  const id = await db.transaction('rw', db.errorLog, async () => {
    const newId = (await db.errorLog.add(record as ErrorLogRecord)) as number;
    const count = await db.errorLog.count();
    if (count > ERROR_LOG_LIMITS.local) {
      const oldest = await db.errorLog
        .orderBy(':id')
        .limit(count - ERROR_LOG_LIMITS.local)
        .primaryKeys();
      await db.errorLog.bulkDelete(oldest);
    }
    return newId;
  });
  return id;
}

/** Errors waiting to be reported, oldest first. */
export async function pendingReports(
  limit: number = ERROR_LOG_LIMITS.local,
): Promise<ErrorLogRecord[]> {
  return db.errorLog
    .orderBy(':id')
    .filter((r) => !r.reported && !isSampledOut(r))
    .limit(limit)
    .toArray();
}

export async function markReported(ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.errorLog
    .where(':id')
    .anyOf([...ids])
    .modify({ reported: true });
}

/** Takes records off the report queue for good, saying why; they stay in the local log. */
export async function markLocalOnly(
  ids: readonly number[],
  reason: LocalOnlyReason,
): Promise<void> {
  if (ids.length === 0) return;
  await db.errorLog
    .where(':id')
    .anyOf([...ids])
    .modify((r) => {
      r.context = { ...r.context, [SAMPLED_OUT_KEY]: reason };
    });
}
