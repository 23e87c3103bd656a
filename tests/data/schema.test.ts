import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { PneumaDatabase } from '../../src/data/db';
import { makeSession } from '../sync/helpers';

/** The v1 schema exactly as it shipped, to create a "previous install". */
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

describe('schema upgrades', () => {
  it('v1 -> current keeps every row of every table and adds the [userId+syncState] index', async () => {
    const name = `upgrade-${Date.now()}`;
    const old = new Dexie(name);
    old.version(1).stores(V1);
    await old.open();
    const sessions = Array.from({ length: 25 }, (_, i) =>
      makeSession({ syncState: i % 5 === 0 ? 'guest' : i % 2 ? 'pending' : 'synced', userId: i % 5 === 0 ? null : 'u1' }, i),
    );
    await old.table('sessions').bulkAdd(sessions);
    await old.table('patterns').add({ id: 'p1', userId: null, name: 'Mine', updatedAt: 'x', syncState: 'guest' });
    await old.table('preferences').bulkAdd([
      { key: 'defaultPattern', value: 'sleep' },
      { key: 'selectedPattern', value: { source: 'library', key: 'box' } },
    ]);
    await old.table('flags').add({ key: 'hasCompletedSession', value: true });
    await old.table('recentPatterns').add({ patternId: 'box', usedAt: 1 });
    await old.table('favorites').add({ patternId: 'sleep', addedAt: 2 });
    await old.table('ratings').add({ patternId: 'box', rating: 5, ratedAt: 3 });
    await old.table('errorLog').add({ timestamp: 1, message: 'm', category: 'unknown', severity: 'low', reported: false });
    await old.table('authSession').add({ key: 'current', accessToken: 'a', refreshToken: 'r', expiresAt: 1, userId: 'u1', email: 'e' });
    old.close();

    const db = new PneumaDatabase(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(2);
    expect(await db.sessions.count()).toBe(25);
    expect(await db.sessions.toArray()).toEqual(
      expect.arrayContaining(sessions.map((s) => expect.objectContaining(s))),
    );
    expect(await db.patterns.count()).toBe(1);
    expect(await db.preferences.count()).toBe(2);
    expect(await db.flags.count()).toBe(1);
    expect(await db.recentPatterns.count()).toBe(1);
    expect(await db.favorites.count()).toBe(1);
    expect(await db.ratings.count()).toBe(1);
    expect(await db.errorLog.count()).toBe(1);
    expect(await db.authSession.count()).toBe(1);
    // The new index answers the outbox's query.
    const pending = await db.sessions.where('[userId+syncState]').equals(['u1', 'pending']).count();
    expect(pending).toBe(sessions.filter((s) => s.userId === 'u1' && s.syncState === 'pending').length);
    db.close();
    await db.delete();
  });
});
