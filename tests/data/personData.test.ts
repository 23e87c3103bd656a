import { beforeEach, describe, expect, it } from 'vitest';
import { db, GUEST_OWNER } from '../../src/data/db';
import { saveAuthSession, clearAuthSession } from '../../src/data/authSessionRepo';
import {
  getRating,
  listFavorites,
  listRatings,
  ratePattern,
  toggleFavorite,
} from '../../src/data/patternUsageRepo';
import { getPreferences, setPreference } from '../../src/data/preferencesRepo';
import {
  getSelectedPattern,
  librarySelection,
  setSelectedPattern,
} from '../../src/data/selectedPatternRepo';
import {
  adoptGuestChoices,
  clearPersonData,
  countUnsyncedChanges,
} from '../../src/sync/personData';
import { createCustomPattern } from '../../src/data/customPatternsRepo';
import { makeSession } from '../sync/helpers';

/**
 * Favourites, ratings and preferences belong to the person using the app: the signed-in
 * user's wait for upload and leave tombstones when removed; the guest's stay on the
 * device. Sign-out removes every row of the user.
 */
beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

const signIn = (userId: string) =>
  saveAuthSession({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: 9e9,
    userId,
    email: `${userId}@x.test`,
  });

const selection = librarySelection({
  key: 'sleep',
  name: 'Sleep',
  phases: { inhale: 4, hold: 6, exhale: 8, pause: 3 },
});

describe('per-person choices', () => {
  it("a guest's choices stay on the device (guest state); removing one deletes it outright", async () => {
    await toggleFavorite('box', 1);
    await ratePattern('box', 5, 2);
    await setPreference('voiceEnabled', false);
    expect(await db.userFavorites.get([GUEST_OWNER, 'box'])).toMatchObject({
      syncState: 'guest',
      deleted: false,
    });
    expect(await db.userRatings.get([GUEST_OWNER, 'box'])).toMatchObject({
      syncState: 'guest',
      rating: 5,
    });
    expect(await db.userPreferences.get([GUEST_OWNER, 'voiceEnabled'])).toMatchObject({
      syncState: 'guest',
      value: false,
    });
    expect(await toggleFavorite('box')).toBe(false);
    expect(await db.userFavorites.count()).toBe(0);
  });

  it("a signed-in user's changes wait for upload; a removal is a pending tombstone, hidden from the screens", async () => {
    await signIn('u1');
    await toggleFavorite('box', 1);
    await setSelectedPattern(selection);
    expect(await db.userFavorites.get(['u1', 'box'])).toMatchObject({
      syncState: 'pending',
      owner: 'u1',
    });
    // pretend the upload and a pull happened
    await db.userFavorites.update(['u1', 'box'], {
      syncState: 'synced',
      serverUpdatedAt: '2026-11-23T10:00:00.000Z',
    });
    expect(await toggleFavorite('box', 5)).toBe(false);
    expect(await db.userFavorites.get(['u1', 'box'])).toMatchObject({
      deleted: true,
      syncState: 'pending',
      serverUpdatedAt: '2026-11-23T10:00:00.000Z',
    });
    expect(await listFavorites()).toEqual([]);
    // favouriting again revives the same row (one row per pattern)
    expect(await toggleFavorite('box', 6)).toBe(true);
    expect(await db.userFavorites.count()).toBe(1);
    expect(await db.userFavorites.get(['u1', 'box'])).toMatchObject({
      deleted: false,
      syncState: 'pending',
      addedAt: 6,
    });
  });

  it('each person sees only their own choices', async () => {
    await toggleFavorite('box');
    await setPreference('voiceEnabled', false);
    await signIn('u1');
    await toggleFavorite('sleep');
    await ratePattern('sleep', 3);
    expect((await listFavorites()).map((f) => f.patternId)).toEqual(['sleep']);
    expect((await getPreferences()).voiceEnabled).toBe(true);
    await signIn('u2');
    expect(await listFavorites()).toEqual([]);
    expect(await listRatings()).toEqual([]);
    expect(await getRating('sleep')).toBeUndefined();
    await clearAuthSession();
    expect((await listFavorites()).map((f) => f.patternId)).toEqual(['box']);
    expect((await getPreferences()).voiceEnabled).toBe(false);
  });

  it("choices made while signed out join the account at sign-in, replacing the account's own for the same item", async () => {
    await signIn('u1');
    await ratePattern('box', 2);
    await db.userRatings.update(['u1', 'box'], {
      syncState: 'synced',
      serverUpdatedAt: '2026-11-23T10:00:00.000Z',
    });
    await clearAuthSession();
    await ratePattern('box', 5);
    await toggleFavorite('sleep');
    await setSelectedPattern(selection);
    expect(await adoptGuestChoices('u1')).toBe(3);
    expect(await db.userRatings.where('owner').equals(GUEST_OWNER).count()).toBe(0);
    expect(await db.userRatings.get(['u1', 'box'])).toMatchObject({
      rating: 5,
      syncState: 'pending',
      serverUpdatedAt: '2026-11-23T10:00:00.000Z',
    });
    await signIn('u1');
    expect((await listFavorites()).map((f) => f.patternId)).toEqual(['sleep']);
    expect(await getSelectedPattern()).toEqual(selection);
    expect(await adoptGuestChoices('u1')).toBe(0);
  });

  it('counts what sign-out would lose and clears every row of the user, keeping guests and others', async () => {
    await db.sessions.bulkPut([
      makeSession({ userId: 'u1', syncState: 'pending' }, 1),
      makeSession({ userId: 'u1', syncState: 'failed' }, 2),
      makeSession({ userId: 'u1', syncState: 'synced' }, 3),
      makeSession({ userId: null, syncState: 'guest' }, 4),
      makeSession({ userId: 'u2', syncState: 'pending' }, 5),
    ]);
    await createCustomPattern(
      { name: 'Mine', inhale: 4, hold: 0, exhale: 4, hold_after_exhale: 0 },
      { userId: 'u1' },
    );
    await toggleFavorite('box'); // guest
    await signIn('u1');
    await toggleFavorite('sleep');
    await ratePattern('sleep', 4);
    await setPreference('voiceEnabled', false);
    await setPreference('lastSyncTime', 123);
    await db.syncCursors.put({
      userId: 'u1',
      table: 'sessions',
      updatedAt: '2026-11-23T10:00:00.000Z',
      key: 'x',
    });
    expect(await countUnsyncedChanges('u1')).toEqual({ sessions: 2, other: 4, total: 6 });
    await db.userFavorites.update(['u1', 'sleep'], { syncState: 'synced' });
    expect((await countUnsyncedChanges('u1')).other).toBe(3);

    await clearPersonData('u1');
    expect(await countUnsyncedChanges('u1')).toEqual({ sessions: 0, other: 0, total: 0 });
    expect(await db.sessions.where('userId').equals('u1').count()).toBe(0);
    expect(await db.sessions.count()).toBe(2); // the guest's and u2's
    expect(await db.patterns.count()).toBe(0);
    for (const t of [db.userFavorites, db.userRatings, db.userPreferences]) {
      expect(await t.where('owner').equals('u1').count()).toBe(0);
    }
    expect(await db.userFavorites.get([GUEST_OWNER, 'box'])).toBeDefined();
    expect(await db.syncCursors.count()).toBe(0);
    expect((await getPreferences()).lastSyncTime).toBeNull();
  });
});
