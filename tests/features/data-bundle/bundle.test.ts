import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/data/db';
import { getPreferences, setPreferences } from '../../../src/data/preferencesRepo';
import { saveAuthSession } from '../../../src/data/authSessionRepo';
import {
  BundleImportError,
  buildBundle,
  importBundle,
  parseBundle,
} from '../../../src/features/data-bundle/bundle';
import { makeSession } from '../../sync/helpers';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

/**
 * The name-based UUID (SHA-1, version 5 bits) an older non-UUID session id maps to, computed
 * here with Node's own SHA-1, apart from the app's code.
 */
function nameBasedUuid(id: string): string {
  const b = createHash('sha1').update(`pneuma-session:${id}`).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

async function errorOf(text: string): Promise<BundleImportError> {
  try {
    await parseBundle(text);
  } catch (e) {
    if (e instanceof BundleImportError) return e;
    throw e;
  }
  throw new Error('expected a BundleImportError');
}

describe('offline data bundle', () => {
  it('round-trips: export, wipe, import gives back the same sessions, patterns and preferences', async () => {
    const sessions = [
      makeSession({ syncState: 'synced' }, 1),
      makeSession({ userId: null, syncState: 'guest' }, 2),
    ];
    await db.sessions.bulkPut(sessions);
    await db.patterns.put({
      id: 'p1',
      userId: 'user-a',
      name: 'Mine',
      description: '',
      inhale: 4,
      hold: 2,
      exhale: 6,
      hold_after_exhale: 0,
      category: 'sleep',
      difficulty: 'Beginner',
      benefits: ['calm'],
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      deleted: false,
      syncState: 'synced',
    });
    await setPreferences({ defaultPattern: 'sleep', voiceEnabled: false, lastSyncTime: 1234 });
    const text = JSON.stringify(await buildBundle());
    await Promise.all(db.tables.map((t) => t.clear()));
    const summary = await importBundle(await parseBundle(text));
    expect(summary).toMatchObject({ sessionsAdded: 2, sessionsAlreadyHere: 0, patternsAdded: 1 });
    expect(await db.sessions.get(sessions[0]!.id)).toMatchObject({ ...sessions[0], attempts: 0 });
    expect(await db.sessions.get(sessions[1]!.id)).toMatchObject({
      syncState: 'guest',
      userId: null,
    });
    expect((await db.patterns.get('p1'))?.name).toBe('Mine');
    expect(await getPreferences()).toMatchObject({
      defaultPattern: 'sleep',
      voiceEnabled: false,
      lastSyncTime: 1234,
    });
  });

  it("signed in, imported preferences become the user's and sync; pulled sessions are not added twice", async () => {
    await saveAuthSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 9e9,
      userId: 'user-a',
      email: 'a@x.test',
    });
    const pulled = makeSession(
      { syncState: 'synced', serverUpdatedAt: '2026-11-23T10:00:00.000Z' },
      1,
    );
    await db.sessions.put(pulled);
    const text = JSON.stringify({
      sessions: [{ ...pulled, syncState: 'synced' }],
      patterns: [],
      userPreferences: {
        defaultPattern: 'energy',
        voiceEnabled: true,
        cameraEnabled: false,
        cueVolume: 0.3,
      },
    });
    expect(await importBundle(await parseBundle(text))).toMatchObject({
      sessionsAdded: 0,
      sessionsAlreadyHere: 1,
    });
    expect(await db.sessions.count()).toBe(1);
    expect(await db.userPreferences.get(['user-a', 'defaultPattern'])).toMatchObject({
      value: 'energy',
      syncState: 'pending',
    });
    expect(await db.userPreferences.get(['user-a', 'cueVolume'])).toMatchObject({ value: 0.3 });
    // cue settings the file does not mention stay as they were (absent: the defaults)
    expect(await db.userPreferences.get(['user-a', 'cueTones'])).toBeUndefined();
  });

  it('importing the same file twice adds nothing the second time', async () => {
    await db.sessions.bulkPut([makeSession({}, 1), makeSession({}, 2)]);
    const bundle = await parseBundle(JSON.stringify(await buildBundle()));
    const s = await importBundle(bundle);
    expect(s).toMatchObject({ sessionsAdded: 0, sessionsAlreadyHere: 2 });
    expect(await db.sessions.count()).toBe(2);
  });

  it('accepts the older offline-session shape (offline_ ids, ISO times, synced flag) with stable ids', async () => {
    const text = JSON.stringify({
      sessions: [
        {
          id: 'offline_1700000000_abc',
          patternId: 'box',
          patternName: 'Box',
          duration: 120,
          cycleCount: 7,
          breathHoldTime: 4,
          restlessnessScore: 20,
          startTime: '2026-11-01T08:00:00Z',
          endTime: '2026-11-01T08:02:00Z',
          completed: true,
          synced: false,
        },
        {
          id: 'offline_1700000000_abc',
          patternId: 'box',
          patternName: 'Box',
          startTime: '2026-11-01T08:00:00Z',
        },
      ],
      patterns: [],
      userPreferences: {
        defaultPattern: 'box',
        voiceEnabled: true,
        cameraEnabled: false,
        lastSyncTime: null,
      },
    });
    const s1 = await importBundle(await parseBundle(text));
    expect(s1.sessionsAdded).toBe(1);
    const s2 = await importBundle(await parseBundle(text));
    expect(s2).toMatchObject({ sessionsAdded: 0, sessionsAlreadyHere: 1 });
    const row = (await db.sessions.toArray())[0]!;
    expect(row.id).toBe(nameBasedUuid('offline_1700000000_abc'));
    expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(row).toMatchObject({
      startTime: Date.parse('2026-11-01T08:00:00Z'),
      syncState: 'guest',
      duration: 120,
    });
  });

  it('rejects non-JSON with a clear message', async () => {
    // Shaped like a data file but cut short or edited: called damaged, without the parser's words.
    expect((await errorOf('{not json')).message).toMatch(
      /^This file is damaged: it is not valid JSON/,
    );
    expect((await errorOf('hello')).message).toBe(
      'This file is not a Pneuma export. Choose a file saved with “Export data”.',
    );
  });

  it('calls a file without the required sections not a Pneuma export (no parser words)', async () => {
    const e = await errorOf(JSON.stringify({ sessions: [] }));
    expect(e.message).toBe(
      'This file is not a Pneuma export. Choose a file saved with “Export data”.',
    );
    expect((await errorOf('[1,2]')).message).toMatch(/^This file is not a Pneuma export/);
  });

  it('names the exact field that is wrong', async () => {
    const e = await errorOf(
      JSON.stringify({
        sessions: [makeSession(), { ...makeSession(), startTime: 'yesterday-ish' }],
        patterns: [{ id: 'p', name: 'x', inhale: 4, hold: 0, exhale: 99, hold_after_exhale: 0 }],
        userPreferences: { voiceEnabled: 'yes' },
      }),
    );
    expect(e.problems).toEqual(
      expect.arrayContaining([
        'sessions[1].startTime: is not a valid date (ISO text or epoch milliseconds)',
        'patterns[0].exhale: Exhale can be at most 60 seconds',
        'userPreferences.voiceEnabled: must be true or false',
      ]),
    );
    expect(e.message).toMatch(/^The file could not be imported: /);
  });
});

/**
 * Programs in the bundle (docs/product.md § Programs): what this still does not prove is a
 * file written by another app; the program here is one made by hand, stored as rows, and
 * hostile rows written by hand.
 */
describe('offline data bundle: programs', () => {
  const ladder = {
    version: 1 as const,
    name: 'Ladder',
    description: '',
    category: 'calm' as const,
    segments: [
      {
        kind: 'breathe' as const,
        phases: [
          { phase: 'inhale' as const, seconds: 4 },
          { phase: 'exhale' as const, seconds: 6 },
        ],
        cycles: 5,
      },
      { kind: 'rest' as const, seconds: 30 },
    ],
  };
  const row = (over: Record<string, unknown> = {}) => ({
    ...ladder,
    id: 'prog-1',
    userId: 'user-a',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    syncState: 'synced' as const,
    ...over,
  });
  const file = (programs: unknown) =>
    JSON.stringify({ sessions: [], patterns: [], userPreferences: {}, programs });

  it('exported and re-imported whole; a second import skips them by id; tombstones stay behind', async () => {
    await db.programs.bulkPut([
      row(),
      row({ id: 'prog-2', userId: null, syncState: 'guest', name: 'Guest ladder' }),
      row({ id: 'gone', deleted: true }),
    ]);
    const before = await db.programs.bulkGet(['prog-1', 'prog-2']);
    const text = JSON.stringify(await buildBundle());
    expect(
      JSON.parse(text)
        .programs.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual(['prog-1', 'prog-2']);
    await Promise.all(db.tables.map((t) => t.clear()));
    const summary = await importBundle(await parseBundle(text));
    expect(summary.programsAdded).toBe(2);
    expect(await db.programs.bulkGet(['prog-1', 'prog-2'])).toEqual(before);
    const again = await importBundle(await parseBundle(text));
    expect(again).toMatchObject({ programsAdded: 0, programsAlreadyHere: 2 });
    expect(await db.programs.count()).toBe(2);
  });

  it('a program already here keeps its own version, even when the file has a newer one', async () => {
    await db.programs.put(row({ name: 'Mine' }));
    const s = await importBundle(
      await parseBundle(file([row({ name: 'Theirs', updatedAt: '2027-01-01T00:00:00.000Z' })])),
    );
    expect(s).toMatchObject({ programsAdded: 0, programsAlreadyHere: 1 });
    expect((await db.programs.get('prog-1'))?.name).toBe('Mine');
  });

  it('a file without programs (older exports) imports none', async () => {
    const s = await importBundle(
      await parseBundle(JSON.stringify({ sessions: [], patterns: [], userPreferences: {} })),
    );
    expect(s.programsAdded).toBe(0);
  });

  it('validated by the program schema: hostile rows are refused with the field named', async () => {
    const many = Array.from({ length: 61 }, () => ({ kind: 'rest', seconds: 1 }));
    expect((await errorOf(file([row({ segments: many })]))).message).toMatch(
      /programs\[0\]\.segments: A program has at most 60 segments/,
    );
    expect(
      (await errorOf(file([row({ segments: [{ kind: 'hold', lungs: 'full', seconds: 1e9 }] })])))
        .message,
    ).toMatch(/programs\[0\]\.segments\[0\]\.seconds: A hold can be at most 600 seconds/);
    expect((await errorOf(file([row({ version: 2 })]))).message).toMatch(/version/);
    expect((await errorOf(file([row({ id: '' })]))).message).toMatch(
      /programs\[0\]\.id: needs an id/,
    );
    expect((await errorOf(file([row({ extra: 1 })]))).message).toMatch(/programs\[0\]/);
    expect((await errorOf(file('x'))).message).toMatch(/programs must be a list/);
  });
});
