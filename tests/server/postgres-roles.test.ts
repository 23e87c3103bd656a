import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPneumaServer } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { pgClusterUnavailable, startPgCluster } from '../../server/dev/pg-cluster';
import type { PgCluster } from '../../server/dev/pg-cluster';
import { requireTool } from '../support/required';
import { email, testSecrets } from './helpers';

/**
 * Real-world PostgreSQL shapes: (1) a database whose default privileges grant everything
 * to anon and authenticated, as hosted Supabase does: the migrations must still leave the
 * clients only what they need; (2) DATABASE_URL with a plain (non-superuser) owner role.
 */
const postgres = requireTool('PostgreSQL role tests', pgClusterUnavailable());

describe.runIf(postgres)('migrations on PostgreSQL roles as deployed', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPgCluster();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('runs with DATABASE_URL as a non-superuser owner role', async () => {
    const admin = openPostgres(cluster.url);
    await admin.exec('create role pneuma_owner login createrole');
    await admin.exec('create database pneuma_app owner pneuma_owner');
    await admin.close();
    const db = openPostgres(cluster.url.replace('postgres@', 'pneuma_owner@').replace(/\/postgres$/, '/pneuma_app'));
    try {
      await migrate(db);
      const secrets = await testSecrets();
      const app = createPneumaServer({ db, secrets, distDir: null }).app;
      const base = 'http://127.0.0.1:8787';
      const signup = await app.request(`${base}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: secrets.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: email('owner'), password: 'breathe-slowly-42' }),
      });
      expect(signup.status).toBe(200);
      const token = ((await signup.json()) as { access_token: string }).access_token;
      const headers = { apikey: secrets.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const id = randomUUID();
      const ins = await app.request(`${base}/rest/v1/sessions`, { method: 'POST', headers, body: JSON.stringify({ id, pattern_name: 'Box', session_duration: 60 }) });
      expect(ins.status).toBe(201);
      const read = await app.request(`${base}/rest/v1/sessions?select=id`, { headers });
      expect(await read.json()).toEqual([{ id }]);
      const anon = await app.request(`${base}/rest/v1/sessions?select=id`, { headers: { apikey: secrets.anonKey } });
      expect(anon.status).toBe(401);
      const su = await db.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user');
      expect(su.rows[0]?.rolsuper).toBe(false);
      // the roles were created by this owner (a fresh cluster had none)
      const roles = await db.query<{ rolname: string }>(`select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1`);
      expect(roles.rows.map((r) => r.rolname)).toEqual(['anon', 'authenticated', 'service_role']);
    } finally {
      await db.close();
    }
  });

  it('revokes what Supabase-style default privileges would otherwise grant', async () => {
    const admin = openPostgres(cluster.url);
    await admin.exec('create database hosted_shape');
    await admin.close();
    const db = openPostgres(cluster.url.replace(/\/postgres$/, '/hosted_shape'));
    try {
      await db.exec(`
        do $$ begin
          if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
          if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
          if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
        end $$;
        alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
        alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
        alter default privileges in schema public grant all on functions to anon, authenticated, service_role;`);
      await migrate(db);
      const priv = async (sql: string) => (await db.query<{ ok: boolean }>(`select ${sql} as ok`)).rows[0]?.ok;
      for (const t of ['users', 'sessions', 'patterns', 'error_reports']) {
        expect(await priv(`has_table_privilege('anon', 'public.${t}', 'select')`), `anon select ${t}`).toBe(false);
        expect(await priv(`has_table_privilege('anon', 'public.${t}', 'insert')`), `anon insert ${t}`).toBe(false);
      }
      expect(await priv(`has_table_privilege('authenticated', 'public.error_reports', 'select')`)).toBe(false);
      expect(await priv(`has_table_privilege('authenticated', 'public.error_reports', 'insert')`)).toBe(false);
      expect(await priv(`has_column_privilege('authenticated', 'public.users', 'role', 'update')`)).toBe(false);
      expect(await priv(`has_column_privilege('authenticated', 'public.users', 'wallet_address', 'update')`)).toBe(true);
      expect(await priv(`has_table_privilege('authenticated', 'public.users', 'delete')`)).toBe(false);
      expect(await priv(`has_table_privilege('authenticated', 'public.sessions', 'delete')`)).toBe(true);
      const rls = await db.query<{ relname: string }>(
        `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and not relrowsecurity`,
      );
      expect(rls.rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
