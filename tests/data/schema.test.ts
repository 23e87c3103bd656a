import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { GUEST_OWNER, PneumaDatabase } from '../../src/data/db';
import { makeSession } from '../sync/helpers';

/** Every schema as it shipped, to create a "previous install" of each version. */
const V1 = {
  sessions: 'id, createdAt, syncState, userId, patternId, [syncState+nextAttemptAt]',
  patterns: 'id, userId, name, updatedAt, syncState',
  preferences: 'key',
  flags: 'key',
  recentPatterns: 'patternId, usedAt',
  favorites: 'patternId, addedAt',
  ratings: 'patternId',
  errorLog: '++id, timestamp, severity, reported',
  authSession: 'key',
};
const V2 = {
  ...V1,
  sessions:
    'id, createdAt, syncState, userId, patternId, [syncState+nextAttemptAt], [userId+syncState]',
};
const V3 = {
  ...V2,
  patterns: 'id, userId, name, updatedAt, syncState, [userId+syncState]',
  userFavorites: '[owner+patternId], owner, [owner+syncState]',
  userRatings: '[owner+patternId], owner, [owner+syncState]',
  userPreferences: '[owner+key], owner, [owner+syncState]',
  syncCursors: '[userId+table], userId',
};
const { favorites: _f, ratings: _r, ...V4 } = V3;
const V5 = {
  ...V4,
  courses: 'id, instructorId, [instructorId+syncState]',
  courseEnrolments: '[owner+courseId], owner, [owner+syncState]',
  courseProgress: '[owner+courseId+dayIndex], owner, [owner+syncState], [owner+courseId]',
};
const OLDER: [number, Record<string, string>][] = [
  [1, V1],
  [2, V2],
  [3, V3],
  [4, V4],
  [5, V5],
];

const sessions = Array.from({ length: 25 }, (_, i) =>
  makeSession(
    {
      syncState: i % 5 === 0 ? 'guest' : i % 2 ? 'pending' : 'synced',
      userId: i % 5 === 0 ? null : 'u1',
    },
    i,
  ),
);
const auth = {
  key: 'current',
  accessToken: 'a',
  refreshToken: 'r',
  expiresAt: 1,
  userId: 'u1',
  email: 'e',
};

/** A previous install at `version`, with rows in every table that version has. */
async function previousInstall(
  version: number,
  schema: Record<string, string>,
  signedIn: boolean,
): Promise<string> {
  const name = `upgrade-${version}-${signedIn}-${Date.now()}-${Math.random()}`;
  const old = new Dexie(name);
  old.version(version).stores(schema);
  await old.open();
  await old.table('sessions').bulkAdd(sessions);
  await old
    .table('patterns')
    .add({ id: 'p1', userId: null, name: 'Mine', updatedAt: 'x', syncState: 'guest' });
  await old.table('preferences').bulkAdd([
    { key: 'lastSyncTime', value: 42 },
    { key: 'syncConfig', value: { supabaseUrl: 'u', supabaseAnonKey: 'k' } },
  ]);
  await old.table('flags').add({ key: 'hasCompletedSession', value: true });
  await old.table('recentPatterns').add({ patternId: 'box', usedAt: 1 });
  await old
    .table('errorLog')
    .add({ timestamp: 1, message: 'm', category: 'unknown', severity: 'low', reported: false });
  if (signedIn) await old.table('authSession').add(auth);
  const owner = signedIn ? 'u1' : GUEST_OWNER;
  const state = signedIn ? 'pending' : 'guest';
  if (version < 3) {
    await old.table('preferences').bulkAdd([
      { key: 'defaultPattern', value: 'sleep' },
      { key: 'voiceEnabled', value: false },
      { key: 'selectedPattern', value: { source: 'library', key: 'box' } },
    ]);
    await old.table('favorites').add({ patternId: 'sleep', addedAt: 2 });
    await old.table('ratings').add({ patternId: 'box', rating: 5, ratedAt: 3 });
  } else {
    const meta = { owner, syncState: state, updatedAt: '2026-11-23T10:00:00.000Z', deleted: false };
    await old.table('userPreferences').bulkAdd([
      { ...meta, key: 'defaultPattern', value: 'sleep' },
      { ...meta, key: 'voiceEnabled', value: false },
      { ...meta, key: 'selectedPattern', value: { source: 'library', key: 'box' } },
    ]);
    await old.table('userFavorites').add({ ...meta, patternId: 'sleep', addedAt: 2 });
    await old.table('userRatings').add({ ...meta, patternId: 'box', rating: 5, ratedAt: 3 });
    await old
      .table('syncCursors')
      .add({ userId: 'u1', table: 'sessions', updatedAt: 'x', key: 'k' });
  }
  old.close();
  return name;
}

describe('schema upgrades', () => {
  for (const [version, schema] of OLDER) {
    for (const signedIn of [false, true]) {
      it(`v${version} -> current keeps every row (${signedIn ? 'signed in' : 'signed out'})`, async () => {
        const name = await previousInstall(version, schema, signedIn);
        const db = new PneumaDatabase(name);
        await db.open();
        expect(db.verno).toBe(6);
        expect(db.tables.map((t) => t.name).sort()).toEqual(
          [
            'authSession',
            'courseEnrolments',
            'courseProgress',
            'courses',
            'errorLog',
            'flags',
            'patterns',
            'preferences',
            'programs',
            'recentPatterns',
            'sessions',
            'syncCursors',
            'userFavorites',
            'userPreferences',
            'userRatings',
          ].sort(),
        );
        expect(await db.sessions.toArray()).toEqual(
          expect.arrayContaining(sessions.map((s) => expect.objectContaining(s))),
        );
        expect(await db.sessions.count()).toBe(25);
        expect(await db.patterns.count()).toBe(1);
        expect(await db.flags.count()).toBe(1);
        expect(await db.recentPatterns.count()).toBe(1);
        expect(await db.errorLog.count()).toBe(1);
        expect(await db.authSession.count()).toBe(signedIn ? 1 : 0);

        // device settings stay; the person's preferences, favourites and ratings are theirs
        const owner = signedIn ? 'u1' : GUEST_OWNER;
        const state = signedIn ? 'pending' : 'guest';
        expect((await db.preferences.toArray()).map((p) => p.key).sort()).toEqual([
          'lastSyncTime',
          'syncConfig',
        ]);
        const prefs = await db.userPreferences.toArray();
        expect(prefs.map((p) => [p.owner, p.key, p.value, p.syncState]).sort()).toEqual(
          [
            [owner, 'defaultPattern', 'sleep', state],
            [owner, 'selectedPattern', { source: 'library', key: 'box' }, state],
            [owner, 'voiceEnabled', false, state],
          ].sort(),
        );
        expect(await db.userFavorites.toArray()).toEqual([
          expect.objectContaining({
            owner,
            patternId: 'sleep',
            addedAt: 2,
            syncState: state,
            deleted: false,
          }),
        ]);
        expect(await db.userRatings.toArray()).toEqual([
          expect.objectContaining({
            owner,
            patternId: 'box',
            rating: 5,
            ratedAt: 3,
            syncState: state,
          }),
        ]);
        expect(await db.syncCursors.count()).toBe(version >= 3 ? 1 : 0);

        // the indexes the outbox and sign-out use answer
        const pending = await db.sessions
          .where('[userId+syncState]')
          .equals(['u1', 'pending'])
          .count();
        expect(pending).toBe(
          sessions.filter((s) => s.userId === 'u1' && s.syncState === 'pending').length,
        );
        expect(
          await db.userFavorites.where('[owner+syncState]').equals([owner, state]).count(),
        ).toBe(1);
        db.close();
        await db.delete();
      });
    }
  }
});
