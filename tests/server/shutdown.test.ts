import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, stopServer } from '../../bench/server-process';

/**
 * Graceful stop (server/shutdown.ts): on SIGTERM a request already in flight (here, one whose
 * body is still arriving) is finished and answered, new connections are refused, the database
 * is closed and the process exits 0; the row is there after a restart on the same data folder.
 */
describe('SIGTERM', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('finishes the request in flight, closes the database and exits 0', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pneuma-stop-'));
    const env = { PNEUMA_DATA_DIR: dir, PNEUMA_DIST_DIR: join(dir, 'no-dist') };
    const one = await startServer(env);
    const anon = (
      (await (await fetch(`${one.url}/config.json`)).json()) as { supabaseAnonKey: string }
    ).supabaseAnonKey;
    const signup = await fetch(`${one.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anon, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `stop.${randomUUID()}@example.test`,
        password: 'stop slowly 2026',
      }),
    });
    const access = ((await signup.json()) as { access_token: string }).access_token;

    const id = randomUUID();
    const body = JSON.stringify([
      { id, pattern_name: 'Box Breathing', session_duration: 60, breath_hold_time: 4 },
    ]);
    const half = Math.floor(body.length / 2);
    const { port } = new URL(one.url);
    const answer = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/rest/v1/sessions?on_conflict=id',
          headers: {
            apikey: anon,
            authorization: `Bearer ${access}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            prefer: 'resolution=ignore-duplicates,return=minimal',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      // the rest of the body arrives after the signal
      setTimeout(() => req.end(body.slice(half)), 700);
    });
    await new Promise((r) => setTimeout(r, 200));
    const exited = stopServer(one.child, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    // a new connection is refused (a kept-alive one would still be answered, with Connection: close)
    const fresh = new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
        res.resume();
        resolve(`answered ${res.statusCode}`);
      });
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      req.end();
    });
    expect(await fresh).toBe('ECONNREFUSED');
    expect(await answer).toBe(201);
    expect(await exited).toBe(0);
    expect(one.log()).toContain('Pneuma stopped');

    const two = await startServer(env);
    try {
      const rows = await fetch(`${two.url}/rest/v1/sessions?select=id&id=eq.${id}`, {
        headers: { apikey: anon, authorization: `Bearer ${access}` },
      });
      expect(await rows.json()).toEqual([{ id }]);
    } finally {
      expect(await stopServer(two.child)).toBe(0);
    }
  }, 120_000);
});
