/**
 * Crash safety (docs/product.md § Backend), on PGlite and on PostgreSQL 15:
 *
 * - SIGKILL while 200 sessions are being uploaded (200 concurrent clients, one session each,
 *   as the app's outbox upserts them), at a random point after some were acknowledged; the
 *   server restarts on the same data folder (or database); every acknowledged row is there;
 *   the clients then retry every session and each is stored exactly once. Several rounds.
 * - SIGTERM in the middle of the same upload: requests in flight are answered (no 5xx, no
 *   reset after an answer), the process exits 0 and the acknowledged rows are there after a
 *   restart.
 *
 *   npx tsx bench/crash.ts [--rounds 3]
 *
 * Writes bench-results/crash.json; exits 1 if any acknowledged row is missing or duplicated.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgClusterUnavailable, startPgCluster } from '../server/dev/pg-cluster';
import { startServer, stopServer } from './server-process';
import { benchSession } from './session-row';

const ROUNDS = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 3) || 3;
const UPLOADS = 200;
const USERS = 20;

interface User {
  access: string;
  id: string;
}
interface RoundResult {
  backend: string;
  stop: 'SIGKILL' | 'SIGTERM';
  round: number;
  acknowledged: number;
  answeredWith5xx: number;
  /**
   * Uploads that got no answer: connections the stopped server had not accepted yet (all 200
   * are opened at once; the kernel queues them) or, after SIGKILL, requests it was running.
   */
  unanswered: number;
  /** SIGTERM only: requests the server had accepted but cut off (its log says so); must be 0. */
  cutOffByServer: number;
  presentAfterRestart: number;
  missing: number;
  storedAfterRetry: number;
  duplicates: number;
  exitCode: number | null;
  restartMs: number;
}

async function keys(dataDir: string, url: string) {
  const anon = ((await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string })
    .supabaseAnonKey;
  const service = (
    JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { serviceRoleKey: string }
  ).serviceRoleKey;
  return { anon, service };
}

async function signUp(url: string, anon: string): Promise<User> {
  const r = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anon, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `crash.${randomUUID()}@example.test`,
      password: 'crash test breathing',
    }),
  });
  if (r.status !== 200) throw new Error(`sign-up: ${r.status} ${await r.text()}`);
  const s = (await r.json()) as { access_token: string; user: { id: string } };
  return { access: s.access_token, id: s.user.id };
}

/** Why uploads got no answer (connection refused, reset, ...), for the SIGTERM line. */
const lostBy = new Map<string, number>();

/** One client's upload of one session: 'ack' (2xx), '5xx', or 'lost' (no answer: connection cut). */
async function upload(
  url: string,
  anon: string,
  user: User,
  id: string,
): Promise<'ack' | '5xx' | 'other' | 'lost'> {
  try {
    const r = await fetch(`${url}/rest/v1/sessions?on_conflict=id`, {
      method: 'POST',
      headers: {
        apikey: anon,
        authorization: `Bearer ${user.access}`,
        'content-type': 'application/json',
        prefer: 'resolution=ignore-duplicates,return=minimal',
      },
      body: JSON.stringify([benchSession(id)]),
    });
    await r.arrayBuffer();
    if (r.ok) return 'ack';
    return r.status >= 500 ? '5xx' : 'other';
  } catch (e) {
    const code = (e as { cause?: { code?: string } }).cause?.code ?? 'no answer';
    lostBy.set(code, (lostBy.get(code) ?? 0) + 1);
    return 'lost';
  }
}

/** How many of `ids` the table holds (service role: every user's rows), counted per id. */
async function stored(
  url: string,
  anon: string,
  service: string,
  ids: string[],
): Promise<{ rows: number; distinct: number }> {
  let rows = 0;
  const seen = new Set<string>();
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const r = await fetch(`${url}/rest/v1/sessions?select=id&id=in.(${chunk.join(',')})`, {
      headers: { apikey: anon, authorization: `Bearer ${service}` },
    });
    if (!r.ok) throw new Error(`read back: ${r.status} ${await r.text()}`);
    const got = (await r.json()) as { id: string }[];
    rows += got.length;
    for (const g of got) seen.add(g.id);
  }
  return { rows, distinct: seen.size };
}

async function round(
  backend: string,
  env: Record<string, string>,
  dataDir: string,
  n: number,
  stop: 'SIGKILL' | 'SIGTERM',
): Promise<RoundResult> {
  let srv = await startServer(env);
  let { anon } = await keys(dataDir, srv.url);
  const users = await Promise.all(Array.from({ length: USERS }, () => signUp(srv.url, anon)));
  const ids = Array.from({ length: UPLOADS }, () => randomUUID());
  const acked = new Set<string>();
  let fivexx = 0;
  let unanswered = 0;
  // stop once a random share (10-75 %) of the uploads were acknowledged: the rest are in flight
  const stopAt = Math.floor(UPLOADS * (0.1 + Math.random() * 0.65));
  let exited: Promise<number | null> | null = null;
  const uploads = ids.map(async (id, i) => {
    const outcome = await upload(srv.url, anon, users[i % USERS]!, id);
    if (outcome === 'ack') acked.add(id);
    if (outcome === '5xx') fivexx += 1;
    if (outcome === 'lost') unanswered += 1;
    if (acked.size >= stopAt && !exited) exited = stopServer(srv.child, stop);
  });
  await Promise.all(uploads);
  const exitCode = await (exited ?? stopServer(srv.child, stop));
  const cutOff = /(\d+) request\(s\) still running after \d+ ms are cut off/.exec(srv.log());

  const t0 = performance.now();
  srv = await startServer(env);
  const restartMs = Math.round(performance.now() - t0);
  const restarted = await keys(dataDir, srv.url);
  anon = restarted.anon;
  const { service } = restarted;
  const present = await stored(srv.url, anon, service, [...acked]);
  // the clients retry every session (the app's outbox would retry the unacknowledged ones)
  const retries = await Promise.all(
    ids.map((id, i) => upload(srv.url, anon, users[i % USERS]!, id)),
  );
  const failedRetries = retries.filter((r) => r !== 'ack').length;
  if (failedRetries) throw new Error(`${failedRetries} retries were not acknowledged`);
  const after = await stored(srv.url, anon, service, ids);
  await stopServer(srv.child);
  return {
    backend,
    stop,
    round: n,
    acknowledged: acked.size,
    answeredWith5xx: fivexx,
    unanswered,
    cutOffByServer: cutOff ? Number(cutOff[1]) : 0,
    presentAfterRestart: present.distinct,
    missing: acked.size - present.distinct,
    storedAfterRetry: after.distinct,
    duplicates: after.rows - after.distinct,
    exitCode,
    restartMs,
  };
}

async function runBackend(backend: 'pglite' | 'postgres'): Promise<RoundResult[]> {
  const dataDir = await mkdtemp(join(tmpdir(), `pneuma-crash-${backend}-`));
  const cluster = backend === 'postgres' ? await startPgCluster() : null;
  const env: Record<string, string> = {
    PNEUMA_DATA_DIR: dataDir,
    PNEUMA_DIST_DIR: join(dataDir, 'no-dist'),
  };
  if (cluster) env.DATABASE_URL = cluster.url;
  const results: RoundResult[] = [];
  try {
    for (let n = 1; n <= ROUNDS; n++) {
      const r = await round(backend, env, dataDir, n, 'SIGKILL');
      results.push(r);
      console.log(
        `${backend} SIGKILL round ${n}: ${r.acknowledged} acknowledged before the kill, ${r.presentAfterRestart} present after restart (${r.missing} missing), ` +
          `${r.storedAfterRetry}/${UPLOADS} stored after retries, ${r.duplicates} duplicates, restart ${r.restartMs} ms`,
      );
    }
    lostBy.clear();
    const t = await round(backend, env, dataDir, 1, 'SIGTERM');
    results.push(t);
    console.log(
      `${backend} SIGTERM: exit ${t.exitCode}, ${t.acknowledged}/${UPLOADS} acknowledged, ${t.unanswered} not accepted before the stop (${JSON.stringify(Object.fromEntries(lostBy))}), ${t.cutOffByServer} accepted but cut off, ${t.answeredWith5xx} answered 5xx, ${t.missing} missing after restart, ${t.duplicates} duplicates`,
    );
  } finally {
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}

async function main() {
  const results = await runBackend('pglite');
  const why = pgClusterUnavailable();
  if (why) console.log(`PostgreSQL skipped: ${why}`);
  else results.push(...(await runBackend('postgres')));
  await mkdir('bench-results', { recursive: true });
  await writeFile(
    'bench-results/crash.json',
    JSON.stringify({ date: new Date().toISOString(), uploads: UPLOADS, results }, null, 2) + '\n',
  );
  const bad = results.filter(
    (r) =>
      r.missing !== 0 ||
      r.duplicates !== 0 ||
      r.storedAfterRetry !== UPLOADS ||
      (r.stop === 'SIGTERM' &&
        (r.exitCode !== 0 || r.answeredWith5xx !== 0 || r.cutOffByServer !== 0)),
  );
  if (bad.length) {
    console.error('Crash safety FAILED:', JSON.stringify(bad, null, 2));
    process.exit(1);
  }
  console.log(
    'Crash safety: every acknowledged row present, none duplicated (bench-results/crash.json)',
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
