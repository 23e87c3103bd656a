/**
 * The production build as `npm start` serves it (node scripts/start.mjs), on E2E_PORT
 * (default 8798), with a fresh data folder and no rate limits, for the engine tests; it also
 * answers for the offline test's relay (./relay.mjs).
 * Run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RELAY_PORT_OFFSET } from './relay.mjs';

export async function startServer(port = Number(process.env.E2E_PORT ?? 8798)) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pneuma-engines-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PNEUMA_DATA_DIR: dataDir,
      PNEUMA_RATE_LIMIT_DISABLED: '1',
      // The server answers only for the origins it is told; the offline test's relay is one.
      PNEUMA_PUBLIC_URL: baseURL,
      PNEUMA_PUBLIC_ALIASES: [`http://localhost:${port}`, `http://127.0.0.1:${port + RELAY_PORT_OFFSET}`].join(','),
    },
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 120 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
