/**
 * The one status ladder and error reader of the app's calls to its backend
 * (src/backend/api/answer.ts), on real fetch Response objects with the bodies PostgREST,
 * the app's /api and the storage quota send. Before, sync had two ladders (upload, pull)
 * and the app three readers (sync, the request helper, account deletion).
 *
 * Not proved: every server's wording (the bodies here are the shapes this repo's server
 * and PostgREST document).
 */
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../../src/backend/api/answer';
import { failureClass } from '../../../src/domain/errors/statusLadder';
import { STORAGE_QUOTA_SQLSTATE } from '../../../src/domain/storageQuota';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('status ladder', () => {
  it.each([
    [401, 'unauthorized'],
    [404, 'not_found'],
    [408, 'transient'],
    [429, 'transient'],
    [500, 'transient'],
    [503, 'transient'],
    [400, 'rejected'],
    [403, 'rejected'],
    [409, 'rejected'],
    [413, 'rejected'],
  ])('%i is %s', (status, kind) => {
    expect(failureClass(status)).toBe(kind);
  });
});

describe('error reader', () => {
  it("reads PostgREST's and the /api's message with the status", async () => {
    expect(await errorMessage(json(400, { code: '23514', message: 'new row violates check constraint' }))).toBe(
      '400: new row violates check constraint',
    );
    expect(await errorMessage(json(403, { error: 'forbidden', message: 'Not yours' }))).toBe('403: Not yours');
    expect(await errorMessage(json(401, { error: { message: 'JWT expired' } }))).toBe('401: JWT expired');
  });

  it("gives a storage quota's message alone (written for the person)", async () => {
    const body = { code: STORAGE_QUOTA_SQLSTATE, message: 'Your account is full: 5000 sessions is the most it keeps.' };
    const text = await errorMessage(json(413, body));
    expect(text.startsWith('413')).toBe(false);
    expect(text).toContain('Your account is full');
  });

  it('falls back to the start of a text body, then the status text', async () => {
    expect(await errorMessage(new Response('upstream timed out', { status: 504 }))).toBe('504: upstream timed out');
    expect(await errorMessage(new Response('', { status: 502, statusText: 'Bad Gateway' }))).toBe('502: Bad Gateway');
    expect(await errorMessage(new Response('x'.repeat(500), { status: 500 }))).toBe(`500: ${'x'.repeat(200)}`);
  });
});
