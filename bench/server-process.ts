import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error a JavaScript module without types (scripts/build-server.mjs)
import { serverOutDir } from '../scripts/build-server.mjs';

/** Where the benchmarks' compiled server lives (built once per run, only when stale): where `npm start` puts it, beside PNEUMA_DIST_DIR. */
export const BENCH_SERVER_DIR = serverOutDir();
let compiled = false;
/** How long a server may take to say it is listening. */
const START_TIMEOUT_MS = 180_000;

/** Compiles the server as `npm start` does (scripts/build-server.mjs); returns main.mjs. */
export function compiledServer(): string {
  // scripts/bench.mjs builds once (PNEUMA_SKIP_BUILD=1 then): every benchmark measures that build.
  if (process.env.PNEUMA_SKIP_BUILD === '1' && existsSync(join(BENCH_SERVER_DIR, 'main.mjs'))) compiled = true;
  if (!compiled) {
    const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      env: { ...process.env, PNEUMA_SERVER_DIR: BENCH_SERVER_DIR },
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('scripts/build-server.mjs failed');
    compiled = true;
  }
  return join(BENCH_SERVER_DIR, 'main.mjs');
}

/**
 * The server as `npm start` runs it (`node <dist>-server/main.mjs`, compiled JavaScript), in
 * its own process, for the benchmarks: the caller is the HTTP client. PORT 0 picks a free
 * port; the URL comes from the log line.
 */
export async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; log: () => string }> {
  // PNEUMA_BENCH_SERVER_ARGS: extra Node flags for the server, e.g. `--cpu-prof` to profile it under load.
  const nodeArgs = (process.env.PNEUMA_BENCH_SERVER_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, compiledServer()], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    // A first start on an empty folder (initdb and the migrations in their own process) took
    // over 60 s on the shared 2-core machine under a load average of 35 (about 3 s quiet).
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s:\n${log}`)),
      START_TIMEOUT_MS,
    );
    const onData = (d: Buffer) => {
      log += d.toString();
      const m = /Pneuma listening on (http:\/\/\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child, log: () => log });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${log}`));
    });
  });
}

/** Stops the server with a signal (SIGTERM: graceful; SIGKILL: a crash) and waits for the exit. */
export async function stopServer(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}
