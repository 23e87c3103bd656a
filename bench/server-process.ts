import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/**
 * The server as `npm start` runs it (`node --import tsx server/main.ts`), in its own process,
 * for the benchmarks: the caller is the HTTP client. PORT 0 picks a free port; the URL comes
 * from the log line.
 */
export async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; log: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 60 s:\n${log}`)),
      60_000,
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
