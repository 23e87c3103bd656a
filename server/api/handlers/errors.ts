import type { Context } from 'hono';
import type { z } from 'zod';
import type { ErrorReportsAnswer } from '../../../src/contracts/errorReports';
import { errorReportBatchSchema, errorReportSchema } from '../../../src/contracts/errorReportsSchemas';
import type { Db } from '../../db/types';
import { clientIp } from '../../http';
import { tooManyRequests } from '../../limits/middleware';
import type { ApiOptions } from '../options';
import { ANYONE, apiWho, jsonBody, validationFailed } from '../respond';

const report = errorReportSchema;
const reportBatch = errorReportBatchSchema;

/** Error reports are kept this long, and at most this many (whichever is smaller). */
export const ERROR_REPORT_RETENTION = { days: 30, rows: 10_000 } as const;

/** Deletes reports older than the retention period and all but the newest rows. */
export async function pruneErrorReports(db: Db): Promise<void> {
  await db.query(
    `delete from public.error_reports where received_at < now() - make_interval(days => $1)`,
    [ERROR_REPORT_RETENTION.days],
  );
  await db.query(
    `delete from public.error_reports where id in (
       select id from public.error_reports order by received_at desc, id desc offset $1)`,
    [ERROR_REPORT_RETENTION.rows],
  );
}

/**
 * POST /api/errors: one report `{ message, ... }` or `{ reports: [...] }` (up to 50), with
 * the anon key or a user JWT. Stored in error_reports, which no client role can read. Each
 * client address may send a limited number of reports per window (rule errorReports,
 * counted per report); the table keeps 30 days or 10,000 rows, whichever is smaller.
 */
export async function postErrors(c: Context, opts: ApiOptions): Promise<Response> {
  const { db, secrets } = opts;
  const who = await apiWho(c, secrets.jwtSecret, ANYONE);
  if (who instanceof Response) return who;
  const b = await jsonBody(c);
  if (b instanceof Response) return b;
  const batch = typeof b.value === 'object' && b.value !== null && 'reports' in b.value;
  const parsed = batch ? reportBatch.safeParse(b.value) : report.safeParse(b.value);
  if (!parsed.success) return validationFailed(c, parsed.error);
  const reports: unknown[] = batch
    ? (parsed.data as z.infer<typeof reportBatch>).reports
    : [parsed.data];
  const wait = await opts.limits.hit(
    'errorReports',
    `ip:${clientIp(c, opts.trust)}`,
    reports.length,
  );
  if (wait) return tooManyRequests(c, wait);
  const { userId } = who;
  await db.query(
    `insert into public.error_reports (user_id, report)
     select (select id from auth.users where id = $1::uuid), r from jsonb_array_elements($2::jsonb) as r`,
    [userId, JSON.stringify(reports)],
  );
  await pruneErrorReports(db);
  return c.json({ accepted: reports.length } satisfies ErrorReportsAnswer, 202);
}
