/**
 * Lean-server benchmark: the compiled server (`node <dist>-server/main.mjs`, as `npm start`
 * runs it) on the embedded PGlite, started cold on an existing data folder.
 *
 *   npx tsx bench/server-memory.ts [--starts 3]
 *
 * For each start: milliseconds from spawning the process to the first answered request
 * (GET /api/health, polled every 5 ms), and the resident memory of the server process
 * (/proc/<pid>/status VmRSS) after that first request and again after 300 signed-in REST
 * requests. A probe loaded with --import reports the process's own split on SIGUSR2, summed
 * over its threads (the main thread and the database thread): JavaScript heaps, WebAssembly
 * memory and other buffers (`external`), and the rest (Node's code, each thread's V8 instance,
 * the compiled WebAssembly machine code, malloc). Writes bench-results/server-memory.json.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeBenchResult } from './report';
import { benchUser } from './rest-user';
import { compiledServer, stopServer } from './server-process';

const STARTS = (() => {
  const i = process.argv.indexOf('--starts');
  const n = i >= 0 ? Number(process.argv[i + 1]) : 3;
  if (!Number.isInteger(n) || n < 1) throw new Error('--starts must be a positive integer');
  return n;
})();
export const TARGETS = { rssMb: 300, firstResponseMs: 1500 } as const;
const PROBE = resolve('bench/server-memory-probe.mjs');

interface ThreadMemory {
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** The process's RSS, the sums over its threads, and each thread (the main thread first, then the database thread). */
interface Split extends ThreadMemory {
  rss: number;
  threads: ThreadMemory[];
}

interface Start {
  firstResponseMs: number;
  rssAfterFirstMb: number;
  rssAfterRestMb?: number;
  split?: Split;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

function spawnServer(dataDir: string): { child: ChildProcess; url: Promise<string>; lines: () => string } {
  const child = spawn(process.execPath, ['--import', PROBE, compiledServer()], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PNEUMA_DATA_DIR: dataDir, PNEUMA_DIST_DIR: join(dataDir, 'no-dist'), PNEUMA_RATE_LIMIT_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const url = new Promise<string>((res, rej) => {
    child.stdout!.on('data', (d: Buffer) => {
      log += d.toString();
      const m = /Pneuma listening on (http:\/\/\S+)/.exec(log);
      if (m) res(m[1]!);
    });
    child.once('exit', (code) => rej(new Error(`server exited (${code}):\n${log}`)));
  });
  return { child, url, lines: () => log };
}

/** Asks the probe for the process's memory split (printed as one JSON line on stderr). */
async function split(child: ChildProcess, lines: () => string): Promise<Split | undefined> {
  const before = lines().length;
  child.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const m = /PNEUMA_MEMORY (\{.*\})/.exec(lines().slice(before));
    if (m) return JSON.parse(m[1]!) as Split;
    await new Promise((r) => setTimeout(r, 10));
  }
  return undefined;
}

async function restWork(url: string): Promise<void> {
  const { anonKey, token } = await benchUser(url, 'mem');
  const headers = { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'resolution=ignore-duplicates' };
  for (let i = 0; i < 300; i++) {
    const end = Date.now();
    const body = { id: randomUUID(), pattern_id: 'box', pattern_name: 'Box Breathing', session_duration: 240, cycle_count: 15, start_time: new Date(end - 240_000).toISOString(), end_time: new Date(end).toISOString(), completed: true };
    const r = i % 3 === 2 ? await fetch(`${url}/rest/v1/sessions?select=*&limit=100`, { headers }) : await fetch(`${url}/rest/v1/sessions?on_conflict=id`, { method: 'POST', headers, body: JSON.stringify([body]) });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`REST ${r.status}`);
  }
}

async function coldStart(dataDir: string, withRest: boolean): Promise<Start> {
  const t0 = performance.now();
  const s = spawnServer(dataDir);
  try {
    const url = await s.url;
    let firstResponseMs = 0;
    for (;;) {
      const r = await fetch(`${url}/api/health`).catch(() => null);
      if (r?.ok) {
        await r.arrayBuffer();
        firstResponseMs = performance.now() - t0;
        break;
      }
      await new Promise((res) => setTimeout(res, 5));
    }
    const start: Start = { firstResponseMs, rssAfterFirstMb: await rssMb(s.child.pid!), split: await split(s.child, s.lines) };
    if (withRest) {
      await restWork(url);
      start.rssAfterRestMb = await rssMb(s.child.pid!);
    }
    return start;
  } finally {
    await stopServer(s.child);
  }
}

async function main() {
  compiledServer();
  const tmp = await mkdtemp(join(tmpdir(), 'pneuma-mem-'));
  const loadBefore = loadavg();
  try {
    console.log('First start (creates the data folder, not counted) ...');
    const fresh = await coldStart(tmp, false);
    const starts: Start[] = [];
    for (let i = 0; i < STARTS; i++) {
      console.log(`Cold start ${i + 1}/${STARTS} on the existing data folder ...`);
      starts.push(await coldStart(tmp, i === STARTS - 1));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const first = median(starts.map((s) => s.firstResponseMs));
    const rss = median(starts.map((s) => s.rssAfterFirstMb));
    const afterRest = starts.at(-1)!.rssAfterRestMb!;
    const sp = starts.at(-1)!.split;
    const mb = (n: number) => n / 1048576;
    const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log('');
    console.log(`first response, cold start on existing data (median of ${STARTS}): ${first.toFixed(0)} ms   target < ${TARGETS.firstResponseMs} ms   ${mark(first < TARGETS.firstResponseMs)}`);
    console.log(`resident memory after the first request (median):      ${rss.toFixed(0)} MB    target < ${TARGETS.rssMb} MB    ${mark(rss < TARGETS.rssMb)}`);
    console.log(`resident memory after 300 signed-in REST requests:     ${afterRest.toFixed(0)} MB    (no target; for comparison)`);
    console.log(`first start on an empty folder (initdb + migrations):  ${fresh.firstResponseMs.toFixed(0)} ms, ${fresh.rssAfterFirstMb.toFixed(0)} MB`);
    if (sp) {
      const wasmAndBuffers = mb(sp.external);
      const heaps = sp.threads.map((t) => mb(t.heapTotal).toFixed(0)).join(' + ');
      console.log(
        `where it goes (after the first request): JS heaps ${heaps} MB (main thread + database thread; ${mb(sp.heapUsed).toFixed(0)} used), ` +
          `WebAssembly memory + buffers ${wasmAndBuffers.toFixed(0)} MB (array buffers ${mb(sp.arrayBuffers).toFixed(0)} MB), ` +
          `rest (Node and its thread instances, compiled code, malloc) ${(mb(sp.rss) - mb(sp.heapTotal) - wasmAndBuffers).toFixed(0)} MB`,
      );
    }
    const result = {
      benchmark: 'lean server: cold start and resident memory of the compiled server on PGlite',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, loadavg_before: loadBefore, loadavg_after: loadavg() },
      targets: TARGETS,
      firstResponseMs: first,
      rssAfterFirstRequestMb: rss,
      rssAfterRestMb: afterRest,
      freshFolder: fresh,
      starts,
      met: { firstResponse: first < TARGETS.firstResponseMs, rss: rss < TARGETS.rssMb },
    };
    writeBenchResult('server-memory', result);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
