import type { Context } from 'hono';
import { Hono } from 'hono';
import { apiError, apiWho, jsonBody, SIGNED_IN, validationFailed } from '../api/respond';
import type { RequestAuth } from '../auth/request-caller';
import type { Db, Tx } from '../db/types';
import { RestError } from '../rest/errors';
import { runAsApi } from '../rest/transaction';
import type { Secrets } from '../secrets';
import { INSTRUCTOR_API, type InstructorStatsAnswer, type OwnInstructorProfile } from '../../src/contracts/instructor';
import {
  profileFromRow,
  profileSchema,
  type ProfileRow,
} from '../../src/domain/instructor/profile';
import { type StatsRow, statsJson } from './rows';

export interface InstructorDeps {
  db: Db;
  secrets: Secrets;
}

/**
 * The instructor side, mounted at /api (docs/product.md § Instructors):
 *   PUT /instructor/profile {displayName, bio, credentials, specialities, photo}
 *     -> {role, profile}: the caller becomes an instructor (public.become_instructor, the
 *        only way a role changes) or updates their profile;
 *   GET /instructor/profile -> {role, profile | null}: the caller's own;
 *   GET /instructor/stats -> {courses: [{courseId, enrolments, completionRate}]}: the
 *     caller's courses, counted from the students' real enrolments and progress.
 * Courses, enrolments and progress themselves go through /rest/v1 under row-level security.
 */
export function instructorRoutes(deps: InstructorDeps): Hono {
  const app = new Hono();

  app.on(INSTRUCTOR_API.writeProfile.method, INSTRUCTOR_API.writeProfile.path, (c) =>
    asUser(c, deps, async (auth) => {
      const b = await jsonBody(c);
      if (b instanceof Response) return b;
      const parsed = profileSchema.safeParse(b.value);
      if (!parsed.success) return validationFailed(c, parsed.error);
      const p = parsed.data;
      const own = await runAsApi(deps.db, auth, 'POST', async (tx) => {
        await tx.query('select public.become_instructor($1, $2, $3, $4, $5)', [
          p.displayName,
          p.bio,
          p.credentials,
          p.specialities,
          p.photo,
        ]);
        return readOwn(tx);
      });
      return c.json(own);
    }),
  );

  app.on(INSTRUCTOR_API.readProfile.method, INSTRUCTOR_API.readProfile.path, (c) =>
    asUser(c, deps, async (auth) => c.json(await runAsApi(deps.db, auth, 'GET', readOwn))),
  );

  app.on(INSTRUCTOR_API.stats.method, INSTRUCTOR_API.stats.path, (c) =>
    asUser(c, deps, async (auth) => {
      const rows = await runAsApi(deps.db, auth, 'GET', async (tx) =>
        (await tx.query<StatsRow>('select * from public.instructor_course_stats()')).rows,
      );
      return c.json({ courses: rows.map(statsJson) } satisfies InstructorStatsAnswer);
    }),
  );

  return app;
}

/** The caller's role and instructor profile (null when they have none), read as the caller. */
async function readOwn(tx: Tx): Promise<OwnInstructorProfile> {
  const role = await tx.query<{ role: string }>('select role from public.users where id = auth.uid()');
  const row = await tx.query<ProfileRow>('select * from public.instructor_profiles where user_id = auth.uid()');
  return { role: role.rows[0]?.role ?? 'user', profile: row.rows[0] ? profileFromRow(row.rows[0]) : null };
}

async function asUser(
  c: Context,
  deps: InstructorDeps,
  fn: (auth: RequestAuth) => Promise<Response>,
): Promise<Response> {
  const who = await apiWho(c, deps.secrets.jwtSecret, SIGNED_IN);
  if (who instanceof Response) return who;
  try {
    return await fn(who.auth);
  } catch (e) {
    if (e instanceof RestError) return apiError(c, e.status === 403 ? 403 : 400, 'rejected', e.message);
    throw e;
  }
}
