import type { Context } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/types';
import { bearer, jsonBody, validationFailed } from '../respond';

const report = z
  .object({
    message: z.string().min(1).max(4000),
    category: z.string().max(50).optional(),
    severity: z.enum(['low', 'medium', 'high', 'critical']).optional(),
    name: z.string().max(200).optional(),
    stack: z.string().max(20_000).optional(),
    url: z.string().max(2000).optional(),
    userAgent: z.string().max(1000).optional(),
    timestamp: z.union([z.string().max(100), z.number()]).optional(),
    context: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
const reportBatch = z.object({ reports: z.array(report).min(1).max(50) });

/**
 * POST /api/errors: one report `{ message, ... }` or `{ reports: [...] }` (up to 50), with
 * the anon key or a user JWT. Stored in error_reports, which no client role can read.
 */
export async function postErrors(c: Context, db: Db, jwtSecret: string): Promise<Response> {
  const auth = await bearer(c, jwtSecret, ['anon', 'authenticated']);
  if (auth instanceof Response) return auth;
  const b = await jsonBody(c);
  if (b instanceof Response) return b;
  const batch = typeof b.value === 'object' && b.value !== null && 'reports' in b.value;
  const parsed = batch ? reportBatch.safeParse(b.value) : report.safeParse(b.value);
  if (!parsed.success) return validationFailed(c, parsed.error);
  const reports: unknown[] = batch
    ? (parsed.data as z.infer<typeof reportBatch>).reports
    : [parsed.data];
  const userId = auth.role === 'authenticated' ? (auth.claims.sub ?? null) : null;
  await db.query(
    `insert into public.error_reports (user_id, report)
     select (select id from auth.users where id = $1::uuid), r from jsonb_array_elements($2::jsonb) as r`,
    [userId, JSON.stringify(reports)],
  );
  return c.json({ accepted: reports.length }, 202);
}
