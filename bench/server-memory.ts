/**
 * Lean-server benchmark: the compiled server (`node <dist>-server/main.mjs`, as `npm start`
 * runs it) on the embedded PGlite, first on an empty data folder as a new install meets it,
 * then started cold on that existing folder.
 *
 *   npx tsx bench/server-memory.ts [--starts 3] [--browse-seconds 300] [--load-seconds 20]
 *
 * The first start (default settings and abuse limits, the built app served when dist/ exists)
 * runs the acceptance-style workload of bench/memory-workload.ts: 20 sign-ups, 1,000 synced
 * sessions, browsing traffic (300 s by default, the acceptance run's 5 minutes)
 * and a load phase shaped like bench/load.ts (20 s of 200 clients by default). Resident memory
 * is read after the first request and after each phase, with the server process's high-water
 * mark (VmHWM: the most it ever held), and the most the server and its child processes (the
 * short-lived database setup of a first start) held together, sampled every 50 ms.
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
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeBenchResult } from './report';
import { benchUser } from './rest-user';
import { browse, load, signUpAndSync } from './memory-workload';
import { compiledServer, stopServer } from './server-process';

const STARTS = (() => {
  const i = process.argv.indexOf('--starts');
  const n = i >= 0 ? Number(process.argv[i + 1]) : 3;
  if (!Number.isInteger(n) || n < 1) throw new Error('--starts must be a positive integer');
  return n;
})();
const seconds = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const n = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number of seconds`);
  return n;
};
const BROWSE_SECONDS = seconds('browse-seconds', 300);
const LOAD_SECONDS = seconds('load-seconds', 20);
export const TARGETS = {
  rssMb: 300,
  firstResponseMs: 1500,
  freshRssMb: 300,
  highWaterMb: 400,
} as const;
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

async function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
  return kb / 1024;
}
const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

/** Resident memory of a process and all its descendants (MB), from /proc. */
async function treeRssMb(root: number): Promise<number> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(/\) \S (\d+)/.exec(stat)?.[1]);
    if (ppid) parents.set(Number(entry), ppid);
  }
  const inTree = (pid: number): boolean =>
    pid === root || (parents.has(pid) && pid !== 1 && inTree(parents.get(pid)!));
  let mb = 0;
  for (const pid of parents.keys()) if (inTree(pid)) mb += (await rssMb(pid).catch(() => 0)) || 0;
  return mb;
}

/** Samples the process tree's resident memory every 50 ms; `peak()` is the most seen so far. */
function sampleTree(root: number) {
  let peak = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      peak = Math.max(peak, await treeRssMb(root).catch(() => 0));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    peak: () => peak,
    async stop() {
      stopped = true;
      await loop;
      return peak;
    },
  };
}

function spawnServer(
  dataDir: string,
  env: Record<string, string> = {
    PNEUMA_RATE_LIMIT_DISABLED: '1',
    PNEUMA_DIST_DIR: join(dataDir, 'no-dist'),
  },
): { child: ChildProcess; url: Promise<string>; lines: () => string } {
  const child = spawn(process.execPath, ['--import', PROBE, compiledServer()], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PNEUMA_DATA_DIR: dataDir, ...env },
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
  const headers = {
    apikey: anonKey,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    prefer: 'resolution=ignore-duplicates',
  };
  for (let i = 0; i < 300; i++) {
    const end = Date.now();
    const body = {
      id: randomUUID(),
      pattern_id: 'box',
      pattern_name: 'Box Breathing',
      session_duration: 240,
      cycle_count: 15,
      start_time: new Date(end - 240_000).toISOString(),
      end_time: new Date(end).toISOString(),
      completed: true,
    };
    const r =
      i % 3 === 2
        ? await fetch(`${url}/rest/v1/sessions?select=*&limit=100`, { headers })
        : await fetch(`${url}/rest/v1/sessions?on_conflict=id`, {
            method: 'POST',
            headers,
            body: JSON.stringify([body]),
          });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`REST ${r.status}`);
  }
}

/** Milliseconds from `t0` to the server's first good answer (asked every 5 ms). */
async function firstResponse(url: string, t0: number): Promise<number> {
  for (;;) {
    const r = await fetch(`${url}/api/health`).catch(() => null);
    if (r?.ok) {
      await r.arrayBuffer();
      return performance.now() - t0;
    }
    await new Promise((res) => setTimeout(res, 5));
  }
}

async function coldStart(dataDir: string, withRest: boolean): Promise<Start> {
  const t0 = performance.now();
  const s = spawnServer(dataDir);
  try {
    const url = await s.url;
    const firstResponseMs = await firstResponse(url, t0);
    const start: Start = {
      firstResponseMs,
      rssAfterFirstMb: await rssMb(s.child.pid!),
      split: await split(s.child, s.lines),
    };
    if (withRest) {
      await restWork(url);
      start.rssAfterRestMb = await rssMb(s.child.pid!);
    }
    return start;
  } finally {
    await stopServer(s.child);
  }
}

interface Phase {
  phase: string;
  rssMb: number;
  /** The server process's high-water mark so far (VmHWM). */
  highWaterMb: number;
  seconds: number;
  requests?: number;
  /** Where the memory is at the end of the phase (the probe's split). */
  split?: Split;
}

interface FreshRun {
  firstResponseMs: number;
  rssAfterFirstMb: number;
  /** The most the server and its short-lived setup process held together during the first start. */
  startupTreePeakMb: number;
  phases: Phase[];
  /** The server process's high-water mark at the end of the acceptance-style workload (sign-ups, sync, browsing). */
  workloadHighWaterMb: number;
  /** ... and after the load phase too. */
  highWaterMb: number;
  split?: Split;
}

/** The first start on an empty folder and the acceptance-style workload, as a default install. */
async function freshRun(dataDir: string): Promise<FreshRun> {
  const t0 = performance.now();
  const dist = resolve(process.env.PNEUMA_DIST_DIR || 'dist');
  const s = spawnServer(dataDir, {
    PNEUMA_DIST_DIR: existsSync(join(dist, 'index.html')) ? dist : join(dataDir, 'no-dist'),
    // The load phase's clients each have an address of their own, behind the loopback "proxy"
    // (as in bench/load.ts), and sign in far more often than people do.
    PNEUMA_TRUST_PROXY: 'loopback',
    PNEUMA_RATE_LIMIT_SIGNIN_EMAIL: '100000/300',
    PNEUMA_RATE_LIMIT_SIGNIN_IP: '100000/300',
  });
  const tree = sampleTree(s.child.pid!);
  try {
    const url = await s.url;
    const firstResponseMs = await firstResponse(url, t0);
    const pid = s.child.pid!;
    const rssAfterFirstMb = await rssMb(pid);
    const startupTreePeakMb = tree.peak();
    const split_ = await split(s.child, s.lines);
    const phases: Phase[] = [];
    const phase = async (name: string, run: () => Promise<number | undefined>) => {
      const p0 = performance.now();
      const requests = await run();
      const at = await split(s.child, s.lines);
      phases.push({
        phase: name,
        rssMb: await rssMb(pid),
        highWaterMb: await statusMb(pid, 'VmHWM'),
        seconds: (performance.now() - p0) / 1000,
        ...(requests === undefined ? {} : { requests }),
        ...(at ? { split: at } : {}),
      });
      const mb = (n: number) => (n / 1048576).toFixed(0);
      console.log(
        `  ${name}: ${phases.at(-1)!.rssMb.toFixed(0)} MB resident, high-water ${phases.at(-1)!.highWaterMb.toFixed(0)} MB` +
          (at
            ? ` (JS heaps ${at.threads.map((t) => mb(t.heapTotal)).join(' + ')} MB, WebAssembly memory + buffers ${mb(at.external)} MB)`
            : ''),
      );
    };
    let people: Awaited<ReturnType<typeof signUpAndSync>> = [];
    await phase('20 sign-ups, 1,000 sessions synced and pulled', async () => {
      people = await signUpAndSync(url);
      return undefined;
    });
    if (BROWSE_SECONDS > 0)
      await phase(`browsing, 20 people, ${BROWSE_SECONDS} s`, () =>
        browse(url, people, BROWSE_SECONDS),
      );
    const workloadHighWaterMb = await statusMb(pid, 'VmHWM');
    if (LOAD_SECONDS > 0)
      await phase(
        `load, 200 clients, ${LOAD_SECONDS} s`,
        async () => (await load(url, LOAD_SECONDS)).requests,
      );
    return {
      firstResponseMs,
      rssAfterFirstMb,
      startupTreePeakMb,
      phases,
      workloadHighWaterMb,
      highWaterMb: await statusMb(pid, 'VmHWM'),
      ...(split_ ? { split: split_ } : {}),
    };
  } finally {
    await tree.stop();
    await stopServer(s.child);
  }
}

async function main() {
  compiledServer();
  const tmp = await mkdtemp(join(tmpdir(), 'pneuma-mem-'));
  const loadBefore = loadavg();
  try {
    console.log('First start on an empty data folder, then the acceptance-style workload ...');
    const fresh = await freshRun(tmp);
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
    console.log(
      `first response, cold start on existing data (median of ${STARTS}): ${first.toFixed(0)} ms   target < ${TARGETS.firstResponseMs} ms   ${mark(first < TARGETS.firstResponseMs)}`,
    );
    console.log(
      `resident memory after the first request (median):      ${rss.toFixed(0)} MB    target < ${TARGETS.rssMb} MB    ${mark(rss < TARGETS.rssMb)}`,
    );
    console.log(
      `resident memory after 300 signed-in REST requests:     ${afterRest.toFixed(0)} MB    (no target; for comparison)`,
    );
    console.log(
      `first start on an empty folder (initdb + migrations):  ${fresh.firstResponseMs.toFixed(0)} ms to the first response; ${fresh.rssAfterFirstMb.toFixed(0)} MB after it   target < ${TARGETS.freshRssMb} MB    ${mark(fresh.rssAfterFirstMb < TARGETS.freshRssMb)}`,
    );
    console.log(
      `  (the short-lived setup process and the server together peaked at ${fresh.startupTreePeakMb.toFixed(0)} MB while it ran)`,
    );
    console.log(
      `high-water mark of the server process over the first start and the workload: ${fresh.workloadHighWaterMb.toFixed(0)} MB   target < ${TARGETS.highWaterMb} MB   ${mark(fresh.workloadHighWaterMb < TARGETS.highWaterMb)}`,
    );
    console.log(
      `  ... and after the load phase (${LOAD_SECONDS} s of 200 clients): ${fresh.highWaterMb.toFixed(0)} MB (no target)`,
    );
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
      machine: {
        cpus: cpus().length,
        node: process.version,
        loadavg_before: loadBefore,
        loadavg_after: loadavg(),
      },
      targets: TARGETS,
      firstResponseMs: first,
      rssAfterFirstRequestMb: rss,
      rssAfterRestMb: afterRest,
      freshFolder: fresh,
      starts,
      workload: { browseSeconds: BROWSE_SECONDS, loadSeconds: LOAD_SECONDS },
      met: {
        firstResponse: first < TARGETS.firstResponseMs,
        rss: rss < TARGETS.rssMb,
        freshRss: fresh.rssAfterFirstMb < TARGETS.freshRssMb,
        highWater: fresh.workloadHighWaterMb < TARGETS.highWaterMb,
      },
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
