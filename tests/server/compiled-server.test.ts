import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * scripts/build-server.mjs: the server as `npm start` runs it, plain JavaScript with its SQL
 * beside it, started from a folder of its own (no TypeScript loader, no source tree lookups).
 */
describe('compiled server', () => {
  let tmp = '';
  let child: ChildProcess | undefined;
  const outDirs: string[] = [];
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'pneuma-compiled-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await rm(tmp, { recursive: true, force: true });
    for (const d of outDirs) await rm(d, { recursive: true, force: true });
  });

  it('refuses a bundle folder outside the project', () => {
    const r = spawnSync(process.execPath, ['scripts/build-server.mjs', '--force'], { env: { ...process.env, PNEUMA_SERVER_DIR: join(tmp, 'outside') }, encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('must be a folder inside');
  });

  it('bundles server/main.ts and its SQL, then serves REST from the bundle alone', async () => {
    // Inside the project (packages come from its node_modules); run from elsewhere below.
    const out = join(process.cwd(), `dist-test-server-${process.pid}`);
    outDirs.push(out);
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--force'], { env: { ...process.env, PNEUMA_SERVER_DIR: out }, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const bundle = readFileSync(join(out, 'main.mjs'), 'utf8');
    // Self-contained apart from packages: no TypeScript loader, no relative import of a source file.
    // PGlite is loaded only by the database thread's bundle beside it, not by the main thread.
    // So is a first start's setup process (initdb and migrations, then it exits).
    const worker = readFileSync(join(out, 'pglite-worker.mjs'), 'utf8');
    const setup = readFileSync(join(out, 'pglite-migrate.mjs'), 'utf8');
    for (const file of [bundle, worker, setup]) expect(file).not.toMatch(/from ["'](tsx|\.{1,2}\/[^"']*)["']/);
    for (const file of [worker, setup]) expect(file).toMatch(/from ["']@electric-sql\/pglite["']/);
    expect(bundle).not.toMatch(/from ["']@electric-sql\/pglite/);
    const sources = readdirSync('supabase/migrations').filter((f) => f.endsWith('.sql')).sort();
    expect(readdirSync(join(out, 'migrations')).sort()).toEqual(sources);
    expect(existsSync(join(out, 'preamble.sql'))).toBe(true);
    const again = spawnSync(process.execPath, ['scripts/build-server.mjs'], { env: { ...process.env, PNEUMA_SERVER_DIR: out }, encoding: 'utf8' });
    expect(again.stdout).toContain('up to date');

    // Run it from another working directory: nothing may be read from the source tree.
    child = spawn(process.execPath, [join(out, 'main.mjs')], {
      cwd: tmp,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PNEUMA_DATA_DIR: join(tmp, 'data'), PNEUMA_DIST_DIR: join(tmp, 'no-dist'), NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line in 45 s:\n${log}`)), 45_000);
      child!.stdout!.on('data', (d: Buffer) => {
        log += d.toString();
        const m = /Pneuma listening on (http:\/\/\S+)/.exec(log);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child!.once('exit', (code) => reject(new Error(`exited ${code}:\n${log}`)));
    });
    const anonKey = ((await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
    const signup = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'compiled@example.test', password: 'compiled-password-1' }),
    });
    expect(signup.status).toBe(200);
    const token = ((await signup.json()) as { access_token: string }).access_token;
    const headers = { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const id = '6f9619ff-8b86-4011-b42d-00c04fc964ff';
    const end = Date.now();
    const put = await fetch(`${url}/rest/v1/sessions`, {
      method: 'POST',
      headers: { ...headers, prefer: 'return=representation' },
      body: JSON.stringify({ id, pattern_id: 'box', pattern_name: 'Box', session_duration: 60, cycle_count: 4, start_time: new Date(end - 60_000).toISOString(), end_time: new Date(end).toISOString(), completed: true }),
    });
    expect(put.status, await put.clone().text()).toBe(201);
    expect(((await put.json()) as { id: string }[])[0]!.id).toBe(id);
    const read = await fetch(`${url}/rest/v1/sessions?select=id`, { headers });
    expect(await read.json()).toEqual([{ id }]);
    const stopped = new Promise<number | null>((resolve) => {
      child!.removeAllListeners('exit');
      child!.once('exit', (code) => resolve(code));
    });
    child.kill('SIGTERM');
    expect(await stopped).toBe(0);
    // A build and a first start (initdb in the setup process, then the database thread).
  }, 90_000);
});
