/**
 * Every synced table whose registry entry (src/sync/syncedTables.ts) carries a data-file
 * section comes back whole from its own export: a record of each is written to the file,
 * the device database (fake-indexeddb) is emptied, and the file imported gives the same
 * record back under the same key. A section added to the registry without a sample here
 * fails the first test, so no section goes untried. (A new table round-tripping without an
 * edit to bundle.ts: tests/sync/syncedTables.test.ts, with a fixture table.)
 *
 * Not proved here: the fields a section drops on purpose (sync bookkeeping such as a
 * session's syncedAt or a program's tombstone), which the samples do not carry; older file
 * shapes (tests/features/data-bundle/bundle.test.ts); the file picker (e2e/habit.spec.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/data/db';
import { buildBundle, importBundle, parseBundle } from '../../../src/features/data-bundle/bundle';
import { SYNCED_TABLES } from '../../../src/sync/syncedTables';
import { makeSession } from '../../sync/helpers';

const wipe = () => Promise.all(db.tables.map((t) => t.clear()));
beforeEach(wipe);

const AT = '2026-11-01T00:00:00.000Z';

/** One record of each table in the file, as this device stores it. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  sessions: { ...makeSession({ syncState: 'synced', qualityScore: 81 }, 3) },
  patterns: {
    id: 'pat-1',
    userId: 'user-a',
    name: 'Mine',
    description: 'slow',
    inhale: 4,
    hold: 2,
    exhale: 6,
    hold_after_exhale: 0,
    category: 'sleep',
    difficulty: 'Beginner',
    benefits: ['calm'],
    createdAt: AT,
    updatedAt: AT,
    deleted: false,
    syncState: 'synced',
  },
  programs: {
    version: 1,
    name: 'Ladder',
    description: '',
    category: 'calm',
    segments: [
      {
        kind: 'breathe',
        phases: [
          { phase: 'inhale', seconds: 4 },
          { phase: 'exhale', seconds: 6 },
        ],
        cycles: 5,
      },
      { kind: 'rest', seconds: 30 },
    ],
    id: 'prog-1',
    userId: null,
    createdAt: AT,
    updatedAt: AT,
    syncState: 'guest',
  },
};

const inFile = SYNCED_TABLES.filter((t) => t.bundle !== undefined);

describe('every data-file section of the registry round-trips', () => {
  it('has a sample for each section (and no sample for a table not in the file)', () => {
    expect(inFile.map((t) => t.name).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it.each(inFile.map((t) => [t.name, t] as const))(
    '%s: export, empty device, import',
    async (name, table) => {
      const sample = SAMPLES[name]!;
      const local = table.local(db);
      await local.put(sample);
      const key = await local.toCollection().primaryKeys();
      const text = JSON.stringify(await buildBundle());
      await wipe();
      expect(await local.count()).toBe(0);

      const summary = await importBundle(await parseBundle(text));

      expect(summary).toMatchObject({ [`${name}Added`]: 1, [`${name}AlreadyHere`]: 0 });
      expect(await local.toCollection().primaryKeys()).toEqual(key);
      expect(await local.get(key[0]!)).toEqual(sample);
    },
  );
});
