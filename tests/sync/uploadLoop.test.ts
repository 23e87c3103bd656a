import { afterEach, describe, expect, it } from 'vitest';
import type { PneumaDatabase } from '../../src/data/db';
import type { OutboxKind } from '../../src/sync/kinds/outboxKind';
import { createRunContext } from '../../src/sync/runContext';
import { uploadKind } from '../../src/sync/uploadLoop';
import type { UpsertOutcome } from '../../src/sync/upsert';
import { config, fakeClock, freshDb } from './helpers';

/**
 * The upload loop is the same for every kind of record: a kind the outbox does not know
 * yet (the next synced tables) only supplies its table, row mapper, due records and what
 * each final outcome does.
 */
interface Note {
  id: string;
  text: string;
}

const opened: PneumaDatabase[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) {
    d.close();
    await d.delete();
  }
});

function notesKind(notes: Note[]) {
  const settled: { ids: string[]; outcome: UpsertOutcome['kind'] }[] = [];
  const kind: OutboxKind<Note> = {
    table: 'notes',
    onDuplicate: 'merge',
    toRow: (n, userId) => ({ id: n.id, body: n.text, user_id: userId }),
    loadDue: async () => notes,
    settle: async (_ctx, batch, outcome) => {
      settled.push({ ids: batch.map((n) => n.id), outcome: outcome.kind });
      return outcome.kind !== 'transient' && outcome.kind !== 'unauthorized';
    },
  };
  return { kind, settled };
}

/** A server that refuses rows whose text is 'bad' and answers `statuses` first, in order. */
function server(statuses: number[] = []) {
  const requests: { url: string; prefer: string | null; rows: { id: string; body: string }[] }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    if (url.includes('/auth/v1/token')) {
      return Response.json({ access_token: 'fresh', refresh_token: 'r2', expires_in: 3600, user: { id: 'user-a' } });
    }
    const rows = JSON.parse(String(init?.body)) as { id: string; body: string }[];
    requests.push({ url, prefer: new Headers(init?.headers).get('prefer'), rows });
    const status = statuses.shift();
    if (status) return Response.json({ message: `status ${status}` }, { status });
    if (rows.some((r) => r.body === 'bad')) return Response.json({ message: 'bad row' }, { status: 400 });
    return new Response(null, { status: 201 });
  };
  return { fetch, requests };
}

function context(fetch: typeof globalThis.fetch) {
  const db = freshDb();
  opened.push(db);
  const clock = fakeClock();
  const auth = { accessToken: 'a', refreshToken: 'r', expiresAt: 2e9, userId: 'user-a', email: 'a@x.test' };
  const ctx = createRunContext(config, { fetch, now: clock.now, sleep: clock.sleep, batchSize: 2 }, db, auth);
  return { ctx, clock };
}

const notes = (...texts: string[]) => texts.map((text, i) => ({ id: `n${i}`, text }));

describe('the upload loop with a new kind of record', () => {
  it('sends batches to the kind table with its duplicate rule, mapped by its row mapper', async () => {
    const { kind, settled } = notesKind(notes('a', 'b', 'c'));
    const srv = server();
    const { ctx } = context(srv.fetch);
    await uploadKind(ctx, kind);
    expect(srv.requests.map((r) => r.rows.map((x) => x.id))).toEqual([['n0', 'n1'], ['n2']]);
    expect(srv.requests[0]?.url).toBe('http://fake.test/rest/v1/notes?on_conflict=id');
    expect(srv.requests[0]?.prefer).toBe('resolution=merge-duplicates,return=minimal');
    expect(srv.requests[0]?.rows[0]).toEqual({ id: 'n0', body: 'a', user_id: 'user-a' });
    expect(settled).toEqual([
      { ids: ['n0', 'n1'], outcome: 'ok' },
      { ids: ['n2'], outcome: 'ok' },
    ]);
  });

  it('a refused batch is sent again record by record, so only the refused one is marked', async () => {
    const { kind, settled } = notesKind(notes('a', 'bad'));
    const { ctx } = context(server().fetch);
    await uploadKind(ctx, kind);
    expect(settled).toEqual([
      { ids: ['n0'], outcome: 'ok' },
      { ids: ['n1'], outcome: 'rejected' },
    ]);
  });

  it('transient trouble is retried with the generic back-off, then left for later', async () => {
    const { kind, settled } = notesKind(notes('a', 'b', 'c'));
    const { ctx, clock } = context(server([503, 503, 503, 503]).fetch);
    await uploadKind(ctx, kind);
    expect(clock.slept).toEqual([1000, 2000, 4000]);
    expect(settled).toEqual([{ ids: ['n0', 'n1'], outcome: 'transient' }]);
  });

  it('a 401 refreshes the token once, then the batch goes with the new token', async () => {
    const { kind, settled } = notesKind(notes('a'));
    const srv = server([401]);
    const { ctx } = context(srv.fetch);
    await uploadKind(ctx, kind);
    expect(ctx.tokens.accessToken).toBe('fresh');
    expect(settled).toEqual([{ ids: ['n0'], outcome: 'ok' }]);
    expect(srv.requests).toHaveLength(2);
  });
});
