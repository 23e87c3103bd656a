/**
 * A request's bearer token is verified once however many middlewares ask (the abuse limits,
 * then the session guard): server/auth/bearer.ts keeps the answer per request. Real HS256
 * tokens from the server's own signer.
 *
 * Not proven here: the CPU saved (README § Server figures), nor the handlers' own token checks.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bearerClaims } from '../../server/auth/bearer';
import { signJwt } from '../../server/auth/jwt';
import { TEST_SECRET } from './helpers';

describe('bearerClaims', () => {
  it('answers every middleware of one request with the same verification, and each request with its own', async () => {
    const seen: Promise<unknown>[] = [];
    const app = new Hono();
    app.use('*', async (c, next) => {
      seen.push(bearerClaims(c, TEST_SECRET));
      await next();
    });
    app.get('/x', async (c) => {
      seen.push(bearerClaims(c, TEST_SECRET));
      return c.json(await seen.at(-1));
    });
    const sub = crypto.randomUUID();
    const token = await signJwt({ sub, role: 'authenticated', aud: 'authenticated' }, TEST_SECRET, 60);
    const r = await app.request('/x', { headers: { authorization: `Bearer ${token}` } });
    expect(await r.json()).toMatchObject({ sub, role: 'authenticated' });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
    await app.request('/x', { headers: { authorization: 'Bearer not-a-token' } });
    expect(seen).toHaveLength(4);
    expect(seen[2]).not.toBe(seen[0]);
    expect(await seen[3]).toBeNull();
  });
});
