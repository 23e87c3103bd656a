/**
 * One entry in src/sync/syncedTables.ts is enough for a table to sync: a fixture table
 * ("notes", a Dexie table added only in this test, server table `fixture_notes`) gets
 * uploaded by the outbox, pulled by the same run, watched by nothing else, cleared at
 * sign-out, adopted from the guest at sign-in, written into the offline data file and read
 * back from it (checked by its own schema),
 * with no other file naming it. The server side is a small in-test fake of the two
 * PostgREST calls (POST upsert, GET page); the real server's handling of every real
 * table is proved by tests/sync/pull.test.ts and tests/sync/integration.test.ts.
 *
 * Not proved here: that the real server would accept such a table (a migration is part
 * of adding one), nor the sync controller's watch (tests/sync/page/controller.test.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Table } from 'dexie';
import type * as DbModule from '../../src/data/db';
import type { PneumaDatabase } from '../../src/data/db';
import type * as TablesModule from '../../src/sync/syncedTables';
import type { AnySyncedTable } from '../../src/sync/syncedTables';

interface NoteRecord {
  owner: string;
  noteId: string;
  text: string;
  updatedAt: string;
  deleted: boolean;
  syncState: 'pending' | 'synced' | 'failed' | 'local_only';
  serverUpdatedAt?: string;
  lastError?: string;
}

vi.mock('../../src/data/db', async (importOriginal) => {
  const actual = await importOriginal<typeof DbModule>();
  class FixtureDb extends actual.PneumaDatabase {
    notes!: Table<NoteRecord, [string, string]>;
    constructor() {
      super(`fixture-${process.pid}-${Date.now()}`);
      this.version(1000).stores({ notes: '[owner+noteId], owner, [owner+syncState]' });
    }
  }
  return { ...actual, db: new FixtureDb() };
});

vi.mock('../../src/sync/syncedTables', async (importOriginal) => {
  const actual = await importOriginal<typeof TablesModule>();
  const { editableKind } = await import('../../src/sync/kinds/editableKind');
  const { z } = await import('zod');
  type Db = PneumaDatabase & { notes: Table<NoteRecord, [string, string]> };
  const local = (db: PneumaDatabase) => (db as Db).notes;
  const toRow = (n: NoteRecord, userId: string) => ({
    user_id: userId,
    note_id: n.noteId,
    text: n.text,
    deleted_at: n.deleted ? n.updatedAt : null,
  });
  const fixture: AnySyncedTable = {
    name: 'notes',
    local,
    ownerField: 'owner',
    server: 'fixture_notes',
    keyColumn: 'note_id',
    uploads: [
      // Its server table, Dexie table and owner field come from this entry.
      editableKind<NoteRecord, [string, string]>({
        onConflict: 'user_id,note_id',
        onDuplicate: 'merge',
        toRow,
        keyOf: (n) => [n.owner, n.noteId],
        count: () => undefined,
      }),
    ],
    pull: {
      localKey: (row, userId) => (typeof row.note_id === 'string' ? [userId, row.note_id] : null),
      fromRow: (row, userId, stamp): NoteRecord => ({
        owner: userId,
        noteId: String(row.note_id),
        text: String(row.text),
        updatedAt: stamp,
        deleted: row.deleted_at !== null,
        syncState: 'synced',
        serverUpdatedAt: stamp,
      }),
    },
    watched: true,
    clearedAtSignOut: true,
    guestAdopted: true,
    bundle: async () => ({
      required: false,
      exports: (n: NoteRecord) => !n.deleted,
      row: z.object({
        owner: z.string(),
        noteId: z.string().min(1, 'needs an id'),
        text: z.string().max(200),
      }),
      toLocal: async (rows: { owner: string; noteId: string; text: string }[], now: Date) =>
        rows.map((r): NoteRecord => ({
          ...r,
          updatedAt: now.toISOString(),
          deleted: false,
          syncState: 'pending',
        })),
    }),
  };
  return { ...actual, SYNCED_TABLES: [...actual.SYNCED_TABLES, fixture] };
});

const { db, GUEST_OWNER } = await import('../../src/data/db');
const { saveAuthSession } = await import('../../src/data/authSessionRepo');
const { runOutboxUnlockedForTests } = await import('../../src/sync/outbox');
const { adoptGuestChoices, clearPersonData, countUnsyncedChanges } =
  await import('../../src/sync/personData');
const { buildBundle, importBundle, parseBundle } =
  await import('../../src/features/data-bundle/bundle');

const notes = () => (db as unknown as { notes: Table<NoteRecord, [string, string]> }).notes;
const USER = 'user-notes';

/** The server: the fixture table's rows, stamped on write; every other table is empty. */
function fakeServer() {
  const rows = new Map<string, Record<string, unknown>>();
  const writes: Record<string, unknown>[] = [];
  let clock = Date.UTC(2026, 10, 27, 9, 0, 0);
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const table = url.pathname.replace('/rest/v1/', '');
    if (init?.method === 'POST') {
      for (const row of JSON.parse(String(init.body)) as Record<string, unknown>[]) {
        if (table !== 'fixture_notes') continue;
        clock += 1000;
        const stored = { ...row, updated_at: new Date(clock).toISOString() };
        rows.set(`${String(row.user_id)}/${String(row.note_id)}`, stored);
        writes.push(stored);
      }
      return new Response(null, { status: 201 });
    }
    const after = url.searchParams.get('updated_at');
    const body =
      table === 'fixture_notes'
        ? [...rows.values()].filter(
            (r) => !after || !after.startsWith('gt.') || String(r.updated_at) > after.slice(3),
          )
        : [];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { rows, writes, fetch: fetch as typeof globalThis.fetch };
}

const config = { supabaseUrl: 'http://fake.test', supabaseAnonKey: 'anon-key' };

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await saveAuthSession({
    userId: USER,
    email: 'notes@example.test',
    accessToken: 'at',
    refreshToken: 'rt',
    expiresAt: Date.now() + 3_600_000,
  });
});

const note = (owner: string, noteId: string, text: string): NoteRecord => ({
  owner,
  noteId,
  text,
  updatedAt: new Date().toISOString(),
  deleted: false,
  syncState: 'pending',
});

describe('a synced table is one entry in SYNCED_TABLES', () => {
  it('its pending rows upload, and rows from another device are pulled in', async () => {
    const server = fakeServer();
    await notes().put(note(USER, 'n1', 'made here'));
    server.rows.set(`${USER}/n2`, {
      user_id: USER,
      note_id: 'n2',
      text: 'made on the phone',
      deleted_at: null,
      updated_at: '2026-11-27T08:00:00.000Z',
    });

    const result = await runOutboxUnlockedForTests(config, {
      fetch: server.fetch,
      pull: true,
      sleep: async () => undefined,
    });

    expect(result.status).toBe('done');
    expect(server.writes.map((w) => [w.note_id, w.text])).toEqual([['n1', 'made here']]);
    const here = await notes().where('owner').equals(USER).toArray();
    expect(here.map((n) => [n.noteId, n.text, n.syncState]).sort()).toEqual([
      ['n1', 'made here', 'synced'],
      ['n2', 'made on the phone', 'synced'],
    ]);
  });

  it('counts as unsynced while pending, and goes at sign-out', async () => {
    await notes().bulkPut([note(USER, 'n1', 'mine'), note('someone-else', 'n1', 'theirs')]);
    expect((await countUnsyncedChanges(USER)).other).toBe(1);
    await clearPersonData(USER);
    expect((await notes().toArray()).map((n) => n.owner)).toEqual(['someone-else']);
  });

  it("a guest's rows join the account at sign-in", async () => {
    await notes().put(note(GUEST_OWNER, 'g1', 'as a guest'));
    expect(await adoptGuestChoices(USER)).toBe(1);
    expect((await notes().toArray()).map((n) => [n.owner, n.noteId, n.syncState])).toEqual([
      [USER, 'g1', 'pending'],
    ]);
  });

  it('its rows are in the offline data file, and come back from it on an empty device', async () => {
    await notes().bulkPut([
      note(USER, 'n1', 'exported'),
      { ...note(USER, 'n2', 'removed'), deleted: true },
    ]);
    const bundle = await buildBundle(new Date('2026-11-27T10:00:00Z'));
    expect(bundle.notes).toEqual([expect.objectContaining({ noteId: 'n1', text: 'exported' })]);
    expect(bundle.sessions).toEqual([]);

    const text = JSON.stringify(bundle);
    await Promise.all(db.tables.map((t) => t.clear()));
    const summary = await importBundle(await parseBundle(text));
    expect(summary).toMatchObject({ notesAdded: 1, notesAlreadyHere: 0, sessionsAdded: 0 });
    expect((await notes().toArray()).map((n) => [n.owner, n.noteId, n.text])).toEqual([
      [USER, 'n1', 'exported'],
    ]);
    // The same file again: the row is already here (same key) and stays as it is.
    expect(await importBundle(await parseBundle(text))).toMatchObject({
      notesAdded: 0,
      notesAlreadyHere: 1,
    });
    expect(await notes().count()).toBe(1);
  });

  it("its section is checked by the entry's own schema, and an older file without it imports", async () => {
    const file = (notesSection: unknown) =>
      JSON.stringify({ sessions: [], patterns: [], userPreferences: {}, notes: notesSection });
    await expect(parseBundle(file([{ owner: USER, noteId: '', text: 'x' }]))).rejects.toThrow(
      /notes\[0\]\.noteId: needs an id/,
    );
    await expect(parseBundle(file('x'))).rejects.toThrow(/notes must be a list/);
    const older = await parseBundle(
      JSON.stringify({ sessions: [], patterns: [], userPreferences: {} }),
    );
    expect(await importBundle(older)).toMatchObject({ notesAdded: 0 });
  });
});
