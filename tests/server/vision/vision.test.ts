import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPneumaServer, type PneumaServer } from '../../../server/app';
import { migrate } from '../../../server/db/migrate';
import { openPglite } from '../../../server/db/pglite';
import type { Db } from '../../../server/db/types';
import { email, testSecrets } from '../helpers';

/**
 * The camera summaries API against real Postgres semantics (PGlite), through the whole
 * server as the app reaches it: aggregates only, idempotent by the client-made id, owner
 * only by row-level security, and no way to send a picture.
 */
let db: Db;
let server: PneumaServer;
let anonKey: string;

interface Member {
  id: string;
  token: string;
}

async function call(method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { apikey: anonKey };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await server.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function member(tag: string): Promise<Member> {
  const r = await call('POST', '/auth/v1/signup', undefined, {
    email: email(`vision-${tag}`),
    password: 'quiet-lungs-and-still-hands-7',
  });
  expect(r.status).toBe(200);
  return { id: (r.body.user as { id: string }).id, token: r.body.access_token as string };
}

/** A finished session of `who` on the server, as the outbox uploads it. */
async function session(who: Member): Promise<string> {
  const id = randomUUID();
  const r = await call('POST', '/rest/v1/sessions', who.token, [
    {
      id,
      user_id: who.id,
      pattern_id: 'box',
      pattern_name: 'Box Breathing',
      session_duration: 120,
      camera_used: true,
    },
  ]);
  expect(r.status).toBe(201);
  return id;
}

const summary = (sessionId: string, over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  session_id: sessionId,
  frames_analysed: 240,
  average_stillness: 82,
  average_restlessness: 18,
  face_detection_rate: 97,
  posture_score: 88,
  breaths_per_minute: 9.8,
  target_breaths_per_minute: 10,
  phase_accuracy: 71,
  rhythm_consistency: 90,
  average_processing_ms: 31,
  ...over,
});

beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  const secrets = await testSecrets();
  anonKey = secrets.anonKey;
  server = createPneumaServer({ db, secrets, distDir: null });
});

afterAll(async () => {
  await server.close();
});

describe('POST /api/vision/sessions', () => {
  it("stores a summary of the caller's session once, however often it is sent", async () => {
    const ann = await member('ann');
    const s = summary(await session(ann));
    const first = await call('POST', '/api/vision/sessions', ann.token, [s]);
    expect(first).toEqual({ status: 201, body: { stored: [s.id], already: [] } });
    const again = await call('POST', '/api/vision/sessions', ann.token, s);
    expect(again.body).toEqual({ stored: [], already: [s.id] });
    const list = await call('GET', '/api/vision/sessions', ann.token);
    expect(list.body.sessions).toEqual([
      expect.objectContaining({
        id: s.id,
        session_id: s.session_id,
        average_stillness: 82,
        breaths_per_minute: 9.8,
      }),
    ]);
  });

  it('keeps "not measured" as null', async () => {
    const ann = await member('ann-null');
    const s = summary(await session(ann), {
      face_detection_rate: null,
      posture_score: null,
      breaths_per_minute: null,
      phase_accuracy: null,
      rhythm_consistency: null,
    });
    expect((await call('POST', '/api/vision/sessions', ann.token, s)).status).toBe(201);
    const one = await call('GET', `/api/vision/sessions/${s.id}/summary`, ann.token);
    expect(one.body.summary).toMatchObject({
      posture_score: null,
      breaths_per_minute: null,
      average_stillness: 82,
    });
  });

  it('refuses anything but the aggregate numbers: an image, unknown keys, scores out of range', async () => {
    const ann = await member('ann-refuse');
    const sessionId = await session(ann);
    const image = await call('POST', '/api/vision/sessions', ann.token, {
      ...summary(sessionId),
      image_data: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==',
    });
    expect(image).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
    const out = await call(
      'POST',
      '/api/vision/sessions',
      ann.token,
      summary(sessionId, { average_stillness: 140 }),
    );
    expect(out).toMatchObject({ status: 400, body: { field: '0.average_stillness' } });
    const big = await call(
      'POST',
      '/api/vision/sessions',
      ann.token,
      JSON.stringify({ pad: 'x'.repeat(70_000) }),
    );
    expect(big.status).toBe(413);
    expect((await call('POST', '/api/vision/sessions', ann.token, [])).status).toBe(400);
    expect((await call('POST', '/api/vision/sessions', ann.token, 'not json')).status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect(
      (await call('POST', '/api/vision/sessions', undefined, summary(randomUUID()))).status,
    ).toBe(401);
    expect((await call('GET', '/api/vision/sessions')).status).toBe(401);
  });
});

describe('row-level security', () => {
  it("a user never reads another user's summaries and cannot attach one to their session", async () => {
    const ann = await member('rls-ann');
    const bob = await member('rls-bob');
    const annSession = await session(ann);
    const s = summary(annSession);
    await call('POST', '/api/vision/sessions', ann.token, s);

    expect((await call('GET', '/api/vision/sessions', bob.token)).body.sessions).toEqual([]);
    expect((await call('GET', `/api/vision/sessions/${s.id}/summary`, bob.token)).status).toBe(404);
    expect(
      (await call('GET', `/api/vision/sessions/${annSession}/summary`, ann.token)).body.summary,
    ).toMatchObject({
      id: s.id,
    });

    const intrude = await call('POST', '/api/vision/sessions', bob.token, summary(annSession));
    expect(intrude.status).toBe(403);
    const reuse = await call(
      'POST',
      '/api/vision/sessions',
      bob.token,
      summary(await session(bob), { id: s.id }),
    );
    expect(reuse.body).toEqual({ stored: [], already: [s.id] });
    expect((await call('GET', '/api/vision/sessions', bob.token)).body.sessions).toEqual([]);
    const direct = await call('GET', '/rest/v1/vision_sessions?select=id', bob.token);
    expect(direct.body).toEqual([]);
  });

  it('deleting the session deletes its summary', async () => {
    const ann = await member('cascade');
    const sessionId = await session(ann);
    const s = summary(sessionId);
    await call('POST', '/api/vision/sessions', ann.token, s);
    await call('DELETE', `/rest/v1/sessions?id=eq.${sessionId}`, ann.token);
    expect((await call('GET', `/api/vision/sessions/${s.id}/summary`, ann.token)).status).toBe(404);
  });

  it('checks the list limit and the id', async () => {
    const ann = await member('limits');
    expect((await call('GET', '/api/vision/sessions?limit=0', ann.token)).status).toBe(400);
    expect((await call('GET', '/api/vision/sessions?limit=101', ann.token)).status).toBe(400);
    expect((await call('GET', '/api/vision/sessions/not-an-id/summary', ann.token)).status).toBe(
      400,
    );
  });
});
