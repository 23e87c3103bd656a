import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** `tsx server/main.ts` as npm start runs it: env, log line, data folder kept across restarts. */
describe('server/main.ts', () => {
  const children: ChildProcess[] = [];
  let tmp = '';
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  function start(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; log: () => string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let log = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line in 45 s:\n${log}`)), 45_000);
      child.stdout!.on('data', (d: Buffer) => {
        log += d.toString();
        const m = /^Pneuma listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(log);
        if (m) {
          clearTimeout(timer);
          resolve({ url: m[1]!, child, log: () => log });
        }
      });
      child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited ${code}:\n${log}`));
      });
    });
  }
  const stop = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });

  it('starts, keeps its data and keys in PNEUMA_DATA_DIR, and stops cleanly', async () => {
    tmp = await mkdtemp(join(tmpdir(), 'pneuma-main-'));
    const env = { PNEUMA_DATA_DIR: join(tmp, 'data'), PNEUMA_DIST_DIR: join(tmp, 'no-dist') };
    const one = await start(env);
    const config = (await (await fetch(`${one.url}/config.json`)).json()) as { supabaseUrl: string; supabaseAnonKey: string; apiUrl: string };
    expect(config.supabaseUrl).toBe(one.url);
    expect(config.apiUrl).toBe(one.url);
    const page = await fetch(one.url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build');
    const signup = await fetch(`${one.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keeper@example.test', password: 'breathe-slowly-42' }),
    });
    expect(signup.status).toBe(200);
    expect(await stop(one.child)).toBe(0);
    const secrets = JSON.parse(await readFile(join(tmp, 'data', 'secrets.json'), 'utf8')) as { anonKey: string };
    expect(secrets.anonKey).toBe(config.supabaseAnonKey);

    const two = await start(env);
    const config2 = (await (await fetch(`${two.url}/config.json`)).json()) as { supabaseAnonKey: string };
    expect(config2.supabaseAnonKey).toBe(config.supabaseAnonKey);
    const signin = await fetch(`${two.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keeper@example.test', password: 'breathe-slowly-42' }),
    });
    expect(signin.status).toBe(200);
    expect(await stop(two.child)).toBe(0);
  }, 120_000);

  it('refuses a bad environment with a clear message', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pneuma-main-bad-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, PORT: '0', PNEUMA_DATA_DIR: dir, PNEUMA_JWT_SECRET: 'too-short' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(err).toContain('PNEUMA_JWT_SECRET must be at least 32 characters');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
