/**
 * Server benchmark: authenticated session upserts through /rest/v1 (as the app's
 * outbox sends them) with concurrency 16, on PGlite and on PostgreSQL 15, against
 * the same inserts done directly as the ceiling: an in-process PGlite query; on PostgreSQL the
 * faster of a node-postgres pool and node-postgres opened as the server opens it (pipelined).
 *
 *   npx tsx bench/server-bench.ts [--requests 12000] [--concurrency 16] [--only pglite|postgres] [--limits | --no-limits]
 *
 * REST is timed on two servers side by side: one with the abuse limits off (the REST path
 * itself) and one with them counting as a default install does (at limits no run reaches), so
 * each upsert also counts against the per-user and per-address rules (in memory, synced to the
 * database in batches: server/limits/limiter.ts). `--limits` or `--no-limits` times only one.
 *
 * The server runs as its own process (`node <dist>-server/main.mjs`, the compiled server
 * `npm start` runs); this process is the HTTP client: autocannon with `concurrency` keep-alive
 * connections, one request in flight on each. It shares the machine's cores with the server and
 * the database, so it must be light: node:http's client took 200-290 µs of CPU per request here,
 * autocannon takes 150-200 µs.
 * Prints a table with each figure next to its target and writes bench-results/server.json.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import type { Db } from '../server/db/types';
import { pgClusterUnavailable, startPgCluster } from '../server/dev/pg-cluster';
import { commandCpuSeconds, processCpuSeconds } from './process-cpu';
import { benchUser } from './rest-user';
import { startServer, stopServer } from './server-process';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} must be a positive integer`);
  return v;
}
const REQUESTS = arg('requests', 12000);
const CONCURRENCY = arg('concurrency', 16);
/**
 * Requests per path before timing starts. A freshly started server runs its first thousand or
 * so requests up to 40% slower while V8 optimises PGlite's WebAssembly and the server's
 * JavaScript (the direct path's in-process PGlite likewise); the targets are for steady state.
 */
const WARMUP = Math.min(2000, REQUESTS);
const ROUNDS = 3;
/** `--only pglite` or `--only postgres`: one database (for quick comparisons); both by default. */
const ONLY = (() => {
  const i = process.argv.indexOf('--only');
  if (i < 0) return null;
  const v = process.argv[i + 1];
  if (v !== 'pglite' && v !== 'postgres') throw new Error('--only must be pglite or postgres');
  return v;
})();
/** The REST servers timed: limits off (`rest`) and on (`rest-limits`); --no-limits / --limits keep one. */
const REST_PATHS = (['rest', 'rest-limits'] as const).filter((p) =>
  p === 'rest' ? !process.argv.includes('--limits') : !process.argv.includes('--no-limits'),
);
const LIMIT_ENV: Record<(typeof REST_PATHS)[number], Record<string, string>> = {
  rest: { PNEUMA_RATE_LIMIT_DISABLED: '1' },
  // Every rule as a default install has it, the two a write counts against raised beyond any run.
  'rest-limits': { PNEUMA_RATE_LIMIT_REST_WRITE: '1000000000/60', PNEUMA_RATE_LIMIT_REST_WRITE_IP: '1000000000/60' },
};
/** REST throughput as a share of the direct-insert ceiling (limits off; limits on), and the latency bound, per database. */
export const TARGETS = { ratio: { pglite: 0.35, postgres: 0.5 }, ratioWithLimits: { pglite: 0.45, postgres: 0.5 }, p99Ms: 25 } as const;

type Path = 'rest' | 'rest-limits' | 'direct' | 'direct-pipelined';
const DIRECT_PATHS = ['direct', 'direct-pipelined'] as const;

interface Result {
  backend: 'pglite' | 'postgres';
  /** direct: PGlite query, or node-postgres pool; direct-pipelined: openPostgres as the server uses it. */
  path: Path;
  requests: number;
  concurrency: number;
  seconds: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  /** CPU time per request (µs) of this process (the HTTP client, or the direct driver with in-process PGlite), the server process, and PostgreSQL's processes. */
  cpu_us: CpuSplit;
}

interface CpuSplit {
  client: number;
  server: number;
  postgres: number;
}

/** CPU seconds used so far by the bench (client), the server processes and PostgreSQL. */
function cpuNow(serverPids: number[]): CpuSplit {
  const own = process.cpuUsage();
  return { client: (own.user + own.system) / 1e6, server: serverPids.reduce((n, pid) => n + processCpuSeconds(pid), 0), postgres: commandCpuSeconds('postgres') };
}

function row(userId?: string) {
  const end = Date.now();
  return {
    id: randomUUID(),
    ...(userId ? { user_id: userId } : {}),
    pattern_id: 'box',
    pattern_name: 'Box Breathing',
    session_duration: 240,
    cycle_count: 15,
    target_cycles: 15,
    breath_hold_time: 4,
    restlessness_score: 18.5,
    session_type: 'enhanced',
    camera_used: false,
    start_time: new Date(end - 240_000).toISOString(),
    end_time: new Date(end).toISOString(),
    completed: true,
  };
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** Runs `total` calls of op with `concurrency` in flight; adds each call's latency to `lat`. */
async function load(total: number, concurrency: number, op: () => Promise<boolean>, lat: number[] = []) {
  let next = 0;
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const s = performance.now();
        const ok = await op().catch(() => false);
        lat.push(performance.now() - s);
        if (!ok) errors += 1;
      }
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, errors };
}

type Op = () => Promise<boolean>;
/** Runs `total` requests of one path, CONCURRENCY at a time; adds each latency (ms) to `lat`. */
type Runner = (total: number, lat?: number[]) => Promise<{ seconds: number; errors: number }>;

/**
 * Collects this process's garbage; run between blocks, because the direct path's PGlite runs in
 * this process and its garbage must not be collected while REST requests are timed (nor the reverse).
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The app's upsert through /rest/v1 of a running server, as a signed-in user (one new row each). */
async function restRunner(url: string): Promise<Runner> {
  const { anonKey, token } = await benchUser(url, 'bench');
  const headers = {
    apikey: anonKey,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    prefer: 'resolution=ignore-duplicates,return=minimal',
  };
  return async (total, lat = []) => {
    let errors = 0;
    const t0 = performance.now();
    // Timed to the last answer: autocannon itself only notices the end at its next 1 s tick.
    let last = t0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const run = autocannon(
        {
          url,
          connections: CONCURRENCY,
          amount: total,
          timeout: 30,
          requests: [{ method: 'POST', path: '/rest/v1/sessions?on_conflict=id', headers, setupRequest: (req) => ({ ...req, body: JSON.stringify([row()]) }) }],
        },
        (err, r) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(r)),
      );
      run.on('response', (_client, status, _bytes, ms) => {
        last = performance.now();
        lat.push(ms);
        if (status !== 201) errors += 1;
      });
    });
    return { seconds: (last - t0) / 1000, errors: errors + result.errors };
  };
}

/** The same insert straight into the database, without HTTP, auth or row-level security. */
async function directOp(db: Db): Promise<Op> {
  await migrate(db);
  const uid = randomUUID();
  await db.query(`insert into auth.users (id, email, encrypted_password) values ($1, $2, 'x')`, [uid, `direct.${uid}@example.test`]);
  const cols = Object.keys(row(uid));
  const sql = `insert into public.sessions (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) on conflict (id) do nothing`;
  return async () => (await db.query(sql, Object.values(row(uid)))).rowCount === 1;
}

/**
 * REST and direct inserts side by side: ROUNDS alternating blocks of each (the order
 * flipping every round), so both see the same machine while other work comes and goes.
 */
async function sideBySide(backend: Result['backend'], runners: Partial<Record<Path, Runner>>, serverPids: number[]): Promise<Result[]> {
  const paths = (Object.keys(runners) as Path[]).map((path) => ({
    path,
    run: runners[path]!,
    lat: [] as number[],
    seconds: 0,
    errors: 0,
    cpu: { client: 0, server: 0, postgres: 0 } as CpuSplit,
  }));
  for (const p of paths) await p.run(WARMUP);
  const block = Math.ceil(REQUESTS / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const p of round % 2 === 0 ? paths : [...paths].reverse()) {
      collectGarbage();
      const before = cpuNow(serverPids);
      const m = await p.run(block, p.lat);
      const after = cpuNow(serverPids);
      for (const k of ['client', 'server', 'postgres'] as const) p.cpu[k] += after[k] - before[k];
      p.seconds += m.seconds;
      p.errors += m.errors;
    }
  }
  return paths.map(({ path, lat, seconds, errors, cpu }) => {
    const sorted = lat.sort((a, b) => a - b);
    const requests = block * ROUNDS;
    const perRequest = (s: number) => Math.round((s * 1e6) / requests);
    const cpu_us = { client: perRequest(cpu.client), server: perRequest(cpu.server), postgres: perRequest(cpu.postgres) };
    return { backend, path, requests, concurrency: CONCURRENCY, seconds, rps: requests / seconds, p50_ms: quantile(sorted, 0.5), p99_ms: quantile(sorted, 0.99), errors, cpu_us };
  });
}

/** Starts the compiled servers on the given database (env per REST path), opens each direct handle, runs them all. */
async function benchBackend(
  backend: Result['backend'],
  env: (path: (typeof REST_PATHS)[number]) => Record<string, string>,
  openDirect: Partial<Record<(typeof DIRECT_PATHS)[number], () => Promise<Db>>>,
): Promise<Result[]> {
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const handles: Db[] = [];
  try {
    const runners: Partial<Record<Path, Runner>> = {};
    for (const path of REST_PATHS) {
      const srv = await startServer({ ...LIMIT_ENV[path], ...env(path) });
      servers.push(srv);
      runners[path] = await restRunner(srv.url);
    }
    for (const path of DIRECT_PATHS) {
      const open = openDirect[path];
      if (!open) continue;
      const db = await open();
      handles.push(db);
      const op = await directOp(db);
      runners[path] = (total, lat) => load(total, CONCURRENCY, op, lat);
    }
    return await sideBySide(
      backend,
      runners,
      servers.map((s) => s.child.pid!),
    );
  } finally {
    for (const db of handles) await db.close();
    for (const s of servers) await stopServer(s.child);
  }
}

/** A path's name in the table. */
function label(r: Result): string {
  if (r.path === 'rest') return 'POST /rest/v1 (upsert)';
  if (r.path === 'rest-limits') return 'POST /rest/v1, limits on';
  if (r.backend === 'pglite') return 'direct PGlite query';
  return r.path === 'direct' ? 'direct pg pool' : 'direct pg pipelined';
}

/** The faster direct path of a database: the ceiling REST is measured against. */
function ceiling(results: Result[], backend: Result['backend']): Result | undefined {
  return results
    .filter((r) => r.backend === backend && !r.path.startsWith('rest'))
    .sort((a, b) => b.rps - a.rps)[0];
}

async function main() {
  const results: Result[] = [];
  const notes: string[] = [];
  const loadBefore = loadavg();
  const tmp = await mkdtemp(join(tmpdir(), 'pneuma-bench-'));
  try {
    // PGlite: the default `npm start` storage (a data folder).
    if (ONLY !== 'postgres') {
      console.log(`PGlite: ${REQUESTS} upserts through /rest/v1 and ${REQUESTS} direct inserts (in-process PGlite), concurrency ${CONCURRENCY}, ${ROUNDS} alternating rounds ...`);
      results.push(
        ...(await benchBackend('pglite', (path) => ({ PNEUMA_DATA_DIR: join(tmp, `${path}-data`), PNEUMA_DIST_DIR: join(tmp, 'no-dist') }), {
          direct: () => openPglite({ dataDir: join(tmp, 'direct-pglite') }),
        })),
      );
    }

    const why = ONLY === 'pglite' ? null : pgClusterUnavailable();
    if (ONLY === 'pglite') {
      notes.push('PostgreSQL not run (--only pglite)');
    } else if (why) {
      notes.push(`PostgreSQL skipped: ${why}`);
      console.log(`PostgreSQL skipped: ${why}`);
    } else {
      const cluster = await startPgCluster();
      try {
        console.log(`PostgreSQL 15: ${REQUESTS} upserts through /rest/v1 and ${REQUESTS} direct inserts twice (a node-postgres pool of ${CONCURRENCY}; openPostgres as the server opens it, pipelined), ${ROUNDS} alternating rounds ...`);
        results.push(
          ...(await benchBackend('postgres', (path) => ({ DATABASE_URL: cluster.url, PNEUMA_DATA_DIR: join(tmp, `pg-${path}-data`), PNEUMA_DIST_DIR: join(tmp, 'no-dist') }), {
            direct: async () => openPostgres(cluster.url, CONCURRENCY, 0),
            'direct-pipelined': async () => openPostgres(cluster.url, CONCURRENCY),
          })),
        );
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }

  /** REST req/s over the direct ceiling, per database and REST path. */
  const ratio: Record<string, Partial<Record<(typeof REST_PATHS)[number], number>>> = {};
  for (const backend of ['pglite', 'postgres'] as const) {
    const direct = ceiling(results, backend);
    for (const path of REST_PATHS) {
      const rest = results.find((r) => r.backend === backend && r.path === path);
      if (rest && direct) (ratio[backend] ??= {})[path] = rest.rps / direct.rps;
    }
  }
  const f = (n: number, d = 1) => n.toFixed(d);
  console.log('');
  console.log('backend   path                     requests  conc  req/s    p50 ms  p99 ms  errors   CPU µs/request: client  server  postgres  total');
  for (const r of results) {
    const c = r.cpu_us;
    console.log(
      `${r.backend.padEnd(9)} ${label(r).padEnd(24)} ${String(r.requests).padStart(8)}  ${String(r.concurrency).padStart(4)}  ${f(r.rps).padStart(7)}  ${f(r.p50_ms, 2).padStart(6)}  ${f(r.p99_ms, 2).padStart(6)}  ${String(r.errors).padStart(6)}` +
        `                   ${String(c.client).padStart(6)}  ${String(c.server).padStart(6)}  ${String(c.postgres).padStart(8)}  ${String(c.client + c.server + c.postgres).padStart(5)}`,
    );
  }
  const met: Record<string, boolean> = {};
  for (const backend of ['pglite', 'postgres'] as const) {
    for (const path of REST_PATHS) {
      const v = ratio[backend]?.[path];
      const rest = results.find((r) => r.backend === backend && r.path === path);
      if (v === undefined || !rest) continue;
      const target = (path === 'rest' ? TARGETS.ratio : TARGETS.ratioWithLimits)[backend];
      const ok = v >= target && rest.p99_ms < TARGETS.p99Ms && rest.errors === 0;
      met[path === 'rest' ? backend : `${backend} with limits`] = ok;
      console.log(
        `${backend}${path === 'rest' ? ', limits off' : ', limits on '}: REST throughput is ${(v * 100).toFixed(1)}% of the direct ceiling (${label(ceiling(results, backend)!)}; ratio ${v.toFixed(3)}, target >= ${target}), ` +
          `p99 ${f(rest.p99_ms, 1)} ms (target < ${TARGETS.p99Ms} ms): ${ok ? 'met' : 'MISSED'}`,
      );
    }
  }
  // Where the cores go: the client shares the machine's cores with the server and the database,
  // so a path that keeps every core busy can go no faster than its CPU per request allows. When
  // both paths are CPU-bound, the ratio cannot exceed direct CPU / REST CPU per request.
  for (const backend of ['pglite', 'postgres'] as const) {
    const rest = results.find((r) => r.backend === backend && r.path === REST_PATHS[0]);
    const direct = ceiling(results, backend);
    if (!rest || !direct) continue;
    const total = (c: CpuSplit) => c.client + c.server + c.postgres;
    const busy = (r: Result) => (r.rps * total(r.cpu_us)) / 1e6;
    const cores = cpus().length;
    const bound = busy(rest) >= 0.8 * cores && busy(direct) >= 0.8 * cores;
    console.log(
      `${backend}: CPU per request ${total(rest.cpu_us)} µs through REST (client ${rest.cpu_us.client}, server ${rest.cpu_us.server}, PostgreSQL ${rest.cpu_us.postgres}), ` +
        `${total(direct.cpu_us)} µs direct; cores busy: REST ${busy(rest).toFixed(2)}, direct ${busy(direct).toFixed(2)} of ${cores}` +
        (bound ? `: both CPU-bound, so the ratio cannot exceed about ${(total(direct.cpu_us) / total(rest.cpu_us)).toFixed(2)} on this machine` : ''),
    );
  }
  for (const n of notes) console.log(n);
  console.log(`load average (1 min) before ${loadBefore[0]!.toFixed(2)}, after ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores: other work on the machine skews these figures`);

  await mkdir('bench-results', { recursive: true });
  const out = {
    benchmark: 'server: authenticated session upserts through /rest/v1 vs direct inserts',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, loadavg_before: loadBefore, loadavg_after: loadavg() },
    method:
      'Server in its own Node process (node <dist>-server/main.mjs, compiled); client in this process with autocannon (keep-alive connections, one request in flight on each). ' +
      'REST runs on two servers (limits off; limits on as a default install counts them, at limits no run reaches). Each request: POST /rest/v1/sessions?on_conflict=id, Prefer resolution=ignore-duplicates,return=minimal, one new row, user JWT. ' +
      'Direct: the same INSERT ... ON CONFLICT DO NOTHING without HTTP, auth or RLS (PGlite in-process query; on PostgreSQL twice: a node-postgres pool (direct) and openPostgres as the server uses it, pipelined (direct-pipelined); the faster is the ceiling). ' +
      'cpu_us: CPU time per request from /proc of this process (the client, or the direct driver and its in-process PGlite), the server process (all its threads, the database thread included) and all PostgreSQL processes. ' +
      `REST and direct run in ${ROUNDS} alternating blocks each (order flipped every round) after a warm-up of ${WARMUP} requests each, so both share the machine's conditions at steady state.`,
    targets: TARGETS,
    results,
    ratio,
    met,
    notes,
  };
  await writeFile('bench-results/server.json', JSON.stringify(out, null, 2) + '\n');
  console.log('wrote bench-results/server.json');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
