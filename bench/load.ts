/**
 * Load (docs/product.md § Backend), on PGlite and on PostgreSQL 15: 200 concurrent clients for
 * 60 s (autocannon), each cycling through a password sign-in, ten session upserts (as the
 * app's outbox sends them) and nine reads of its sessions. Every client is its own user and,
 * behind the server's trusted proxy (loopback), its own address, so the per-user and
 * per-address limits apply as they would to real clients. Reports requests per second,
 * latency percentiles (p99), the status counts, and checks that every acknowledged upsert is
 * stored (no lost write).
 *
 *   npx tsx bench/load.ts [--duration 60] [--connections 200]
 *
 * Writes bench-results/load.json; exits 1 on any 5xx or lost write.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { pgClusterUnavailable, startPgCluster } from '../server/dev/pg-cluster';
import { startServer, stopServer } from './server-process';
import { loadRequests, signUpLoadClients } from './load-mix';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} must be a positive whole number`);
  return v;
}
const DURATION = arg('duration', 60);
const CONNECTIONS = arg('connections', 200);

interface LoadResult {
  backend: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  status: Record<string, number>;
  fiveXX: number;
  connectionErrors: number;
  /** Requests with no answer within autocannon's 30 s timeout (counted in connectionErrors too). */
  timeouts: number;
  upsertsAcknowledged: number;
  acknowledgedStored: number;
  lostWrites: number;
}

async function runBackend(backend: 'pglite' | 'postgres'): Promise<LoadResult> {
  const dataDir = await mkdtemp(join(tmpdir(), `pneuma-load-${backend}-`));
  const cluster = backend === 'postgres' ? await startPgCluster() : null;
  const env: Record<string, string> = {
    PNEUMA_DATA_DIR: dataDir,
    PNEUMA_DIST_DIR: join(dataDir, 'no-dist'),
    PNEUMA_TRUST_PROXY: 'loopback',
    // Each simulated client signs in every twenty requests, far more often than a person:
    // the per-address sign-in limit is raised for it; every other limit is the default.
    PNEUMA_RATE_LIMIT_SIGNIN_EMAIL: '100000/300',
    PNEUMA_RATE_LIMIT_SIGNIN_IP: '100000/300',
  };
  if (cluster) env.DATABASE_URL = cluster.url;
  const srv = await startServer(env);
  try {
    const anon = (
      (await (await fetch(`${srv.url}/config.json`)).json()) as { supabaseAnonKey: string }
    ).supabaseAnonKey;
    const service = (
      JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as {
        serviceRoleKey: string;
      }
    ).serviceRoleKey;
    const emails = await signUpLoadClients(srv.url, anon, CONNECTIONS, 'load');
    const acked: string[] = [];
    const result = await autocannon({
      url: srv.url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: loadRequests(anon, emails, (id) => acked.push(id)),
      timeout: 30,
    });

    // every acknowledged upsert is stored (read back with the service role, 100 ids a request)
    let stored = 0;
    for (let i = 0; i < acked.length; i += 100) {
      const ids = acked.slice(i, i + 100);
      const r = await fetch(`${srv.url}/rest/v1/sessions?select=id&id=in.(${ids.join(',')})`, {
        headers: { apikey: anon, authorization: `Bearer ${service}` },
      });
      if (!r.ok) throw new Error(`read back: ${r.status} ${await r.text()}`);
      stored += ((await r.json()) as unknown[]).length;
    }
    const status: Record<string, number> = {};
    for (const [code, v] of Object.entries(result.statusCodeStats ?? {}))
      status[code] = v.count ?? 0;
    return {
      backend,
      connections: CONNECTIONS,
      seconds: result.duration,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      status,
      fiveXX: result['5xx'],
      connectionErrors: result.errors,
      timeouts: result.timeouts,
      upsertsAcknowledged: acked.length,
      acknowledgedStored: stored,
      lostWrites: acked.length - stored,
    };
  } finally {
    await stopServer(srv.child);
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const results: LoadResult[] = [];
  const backends: ('pglite' | 'postgres')[] = ['pglite'];
  const why = pgClusterUnavailable();
  if (why) console.log(`PostgreSQL skipped: ${why}`);
  else backends.push('postgres');
  for (const backend of backends) {
    const r = await runBackend(backend);
    results.push(r);
    console.log(
      `${backend}: ${r.connections} clients x ${r.seconds} s: ${r.requests} requests, ${r.requestsPerSecond} req/s, ` +
        `p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, status ${JSON.stringify(r.status)}, 5xx ${r.fiveXX}, ` +
        `connection errors ${r.connectionErrors} (timeouts ${r.timeouts}), ${r.upsertsAcknowledged} upserts acknowledged, ${r.lostWrites} lost`,
    );
  }
  await mkdir('bench-results', { recursive: true });
  await writeFile(
    'bench-results/load.json',
    JSON.stringify({ date: new Date().toISOString(), duration: DURATION, results }, null, 2) + '\n',
  );
  if (results.some((r) => r.fiveXX > 0 || r.lostWrites !== 0)) {
    console.error('Load test FAILED: 5xx answers or lost writes');
    process.exit(1);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
