import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRestText, restBodyLimit } from '../../../server/rest/body';

/** The /rest/v1 body limit and reader over a real socket (as @hono/node-server hands them over). */
describe('REST request bodies', () => {
  const LIMIT = 64;
  let url = '';
  let server: http.Server;
  beforeAll(async () => {
    const app = new Hono();
    app.use('/rest/*', restBodyLimit(LIMIT, (c) => c.json({ code: 'PGRST413' }, 413)));
    app.post('/rest/echo', async (c) => c.json({ text: await readRestText(c) }));
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve()) as http.Server;
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** Sends body in the given pieces; without a length header it goes chunked. */
  function send(pieces: string[], withLength: boolean): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const total = pieces.reduce((n, p) => n + Buffer.byteLength(p), 0);
      const req = http.request(`${url}/rest/echo`, { method: 'POST', headers: { 'content-type': 'application/json', ...(withLength ? { 'content-length': String(total) } : {}) } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      for (const p of pieces) req.write(p);
      req.end();
    });
  }

  it('reads a body with a stated length once, in full, without a byte order mark', async () => {
    const r = await send(['\uFEFF{"a":', '"ü"}'], true);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ text: '{"a":"ü"}' });
  });

  it('refuses a stated length over the limit before reading', async () => {
    const r = await send(['x'.repeat(LIMIT + 1)], true);
    expect(r.status).toBe(413);
  });

  it('counts a chunked body as it streams: within the limit it is read, over it refused', async () => {
    expect(await send(['{"a":', '1}'], false)).toEqual({ status: 200, body: JSON.stringify({ text: '{"a":1}' }) });
    expect((await send(['x'.repeat(40), 'y'.repeat(40)], false)).status).toBe(413);
  });
});
