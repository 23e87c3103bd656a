import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createPneumaServer } from './app';
import type { PneumaServer } from './app';
import { pruneErrorReports } from './api/handlers/errors';
import { pruneTokens } from './auth/one-time-tokens';
import { anonShare } from './db/anon-share';
import { migrate } from './db/migrate';
import { pgliteSettingsFromEnv } from './db/pglite-settings';
import { openMigratedPglite } from './db/pglite-migrated';
import { pipelineCount } from './db/pg-pipeline';
import { openPostgres, poolSize } from './db/postgres';
import type { Db } from './db/types';
import { connectSourcesFromEnv } from './headers/security-headers';
import { rulesFromEnv } from './limits/rules';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_STATEMENT_TIMEOUTS } from './rest/read-limits';
import type { StatementTimeouts } from './rest/read-limits';
import { createMailer } from './mail/mailer';
import { publicOriginsFromEnv } from './net/public-origin';
import { loadSecrets } from './secrets';
import { shutDownGracefully } from './shutdown';

export { createPneumaServer } from './app';
export type { PneumaServer, PneumaServerOptions } from './app';

/**
 * Opens the database the environment asks for and brings its schema up to date (PGlite: a
 * first start's initdb and migrations run on a thread of their own that gives its memory
 * back, server/db/pglite-migrated.ts).
 */
export async function openDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  const db = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, poolSize(env), pipelineCount(env), anonShare(poolSize(env), env))
    : await openMigratedPglite({ dataDir: resolve(env.PNEUMA_DATA_DIR || '.data', 'pglite'), settings: pgliteSettingsFromEnv(env) });
  try {
    await migrate(db);
    await housekeeping(db);
  } catch (e) {
    await db.close().catch(() => undefined);
    throw e;
  }
  return db;
}

/**
 * Pruning: ended sign-in sessions and used refresh tokens older than 30 days, used or
 * expired mail tokens, error reports past their retention, expired rate-limit counters.
 */
export async function housekeeping(db: Db): Promise<void> {
  await db.query(`delete from auth.refresh_tokens where revoked and created_at < now() - interval '30 days'`);
  await db.query(`delete from auth.sessions where revoked_at < now() - interval '30 days'`);
  await pruneTokens(db);
  await pruneErrorReports(db);
  await db.query('delete from pneuma_private.rate_limits where expire < $1', [Date.now() - 3600_000]);
}

/** Everything main does except listening: used by tests and the benchmark too. */
export async function createFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<PneumaServer> {
  const dataDir = resolve(env.PNEUMA_DATA_DIR || '.data');
  await mkdir(dataDir, { recursive: true });
  const secrets = await loadSecrets(dataDir, env);
  // Checked before the database opens, so a bad setting fails fast.
  const origins = publicOriginsFromEnv(env);
  const db = await openDatabase(env);
  return createPneumaServer({
    db,
    secrets,
    distDir: env.PNEUMA_DIST_DIR || 'dist',
    jwtExpSeconds: env.PNEUMA_JWT_EXP ? positiveInt(env.PNEUMA_JWT_EXP, 'PNEUMA_JWT_EXP') : 3600,
    rateLimits: rulesFromEnv(env),
    corsOrigins: (env.PNEUMA_CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: env.PNEUMA_TRUST_PROXY,
    publicUrl: origins.primary ?? undefined,
    publicAliases: origins.all.slice(1),
    mailer: createMailer({ smtpUrl: env.PNEUMA_SMTP_URL, from: env.PNEUMA_MAIL_FROM, outboxDir: resolve(dataDir, 'mail') }),
    confirmSignup: emailConfirm(env.PNEUMA_EMAIL_CONFIRM),
    otpExpirySeconds: env.PNEUMA_MAIL_LINK_EXP ? positiveInt(env.PNEUMA_MAIL_LINK_EXP, 'PNEUMA_MAIL_LINK_EXP') : 3600,
    connectSrc: connectSourcesFromEnv(env),
    maxRows: env.PNEUMA_MAX_ROWS ? positiveInt(env.PNEUMA_MAX_ROWS, 'PNEUMA_MAX_ROWS') : 1000,
    maxResponseBytes: env.PNEUMA_MAX_RESPONSE_BYTES ? positiveCount(env.PNEUMA_MAX_RESPONSE_BYTES, 'PNEUMA_MAX_RESPONSE_BYTES', 'bytes') : DEFAULT_MAX_RESPONSE_BYTES,
    statementTimeouts: statementTimeouts(env),
    push: { mailFrom: env.PNEUMA_MAIL_FROM },
  });
}

/** PNEUMA_STATEMENT_TIMEOUT_ANON and PNEUMA_STATEMENT_TIMEOUT (milliseconds) over the defaults. */
export function statementTimeouts(env: NodeJS.ProcessEnv = process.env): StatementTimeouts {
  const anon = env.PNEUMA_STATEMENT_TIMEOUT_ANON;
  const user = env.PNEUMA_STATEMENT_TIMEOUT;
  return {
    anonMs: anon ? positiveCount(anon, 'PNEUMA_STATEMENT_TIMEOUT_ANON', 'milliseconds') : DEFAULT_STATEMENT_TIMEOUTS.anonMs,
    userMs: user ? positiveCount(user, 'PNEUMA_STATEMENT_TIMEOUT', 'milliseconds') : DEFAULT_STATEMENT_TIMEOUTS.userMs,
  };
}

function positiveCount(v: string, name: string, unit: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number of ${unit}`);
  return n;
}

function emailConfirm(v: string | undefined): boolean {
  const t = (v ?? '').trim().toLowerCase();
  if (t === '' || t === 'off' || t === '0' || t === 'false') return false;
  if (t === 'required' || t === 'on' || t === '1' || t === 'true') return true;
  throw new Error('PNEUMA_EMAIL_CONFIRM must be "required" or "off"');
}

function positiveInt(v: string, name: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number of seconds`);
  return n;
}

function portNumber(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error('PORT must be a whole number from 0 to 65535 (0 picks a free port)');
  return n;
}

async function main() {
  const port = process.env.PORT ? portNumber(process.env.PORT) : 8787;
  const host = process.env.HOST || '127.0.0.1';
  const server = await createFromEnv();
  const http = serve({ fetch: server.app.fetch, port, hostname: host }, (info) => {
    const shown = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    console.log(`Pneuma listening on http://${shown}:${info.port}`);
    const origins = publicOriginsFromEnv(process.env);
    console.log(
      origins.primary
        ? `Answering for ${origins.all.join(', ')} (PNEUMA_PUBLIC_URL, PNEUMA_PUBLIC_ALIASES)`
        : `Answering for http://localhost:${info.port} and http://127.0.0.1:${info.port} only: set PNEUMA_PUBLIC_URL to serve another name`,
    );
  });
  http.on('error', (err: NodeJS.ErrnoException) => {
    console.error(err.code === 'EADDRINUSE' ? `Port ${port} on ${host} is already in use: set PORT to another port.` : err.message);
    void server.close().finally(() => process.exit(1));
  });
  const sweep = setInterval(() => void housekeeping(server.db).catch((e: Error) => console.error(`housekeeping: ${e.message}`)), 3600_000);
  sweep.unref();
  const drainMs = (process.env.PNEUMA_SHUTDOWN_TIMEOUT ? positiveInt(process.env.PNEUMA_SHUTDOWN_TIMEOUT, 'PNEUMA_SHUTDOWN_TIMEOUT') : 10) * 1000;
  const stop = shutDownGracefully(http as Server, () => server.close(), drainMs);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().catch((e: unknown) => {
    console.error(`Pneuma could not start: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
