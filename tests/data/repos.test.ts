import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/data/db';
import { getPattern } from '../../src/domain/patterns';
import {
  DEFAULT_PREFERENCES,
  getPreferences,
  setPreference,
  setPreferences,
} from '../../src/data/preferencesRepo';
import { getFlag, getFlags, setFlag } from '../../src/data/flagsRepo';
import {
  getSelectedPattern,
  librarySelection,
  setSelectedPattern,
} from '../../src/data/selectedPatternRepo';
import { discoverySelection, selectedPatternId } from '../../src/data/selectedPattern';
import {
  InvalidRatingError,
  RECENT_LIMIT,
  getRating,
  listFavorites,
  listRecentPatterns,
  markPatternUsed,
  ratePattern,
  toggleFavorite,
} from '../../src/data/patternUsageRepo';
import {
  PatternValidationError,
  createCustomPattern,
  deleteCustomPattern,
  getCustomPattern,
  updateCustomPattern,
} from '../../src/data/customPatternsRepo';
import { listCustomPatterns } from '../../src/data/customPatternsQueries';
import {
  clearAuthSession,
  fromSupabaseSession,
  getAuthSession,
  getSignedInUser,
  saveAuthSession,
} from '../../src/data/authSessionRepo';
import {
  addSession,
  attachGuestSessions,
  countBySyncState,
  countGuestSessions,
  declineGuestAttach,
  getSession,
  hasDeclinedGuestAttach,
  listProblemSessions,
  listSessions,
  retryAllFailed,
  retrySession,
} from '../../src/data/sessionsRepo';
import { makeSession } from '../sync/helpers';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('preferences', () => {
  it('reads the defaults before anything is stored', async () => {
    expect(await getPreferences()).toEqual({
      defaultPattern: 'box',
      voiceEnabled: true,
      cueTones: true,
      cueVibration: true,
      cueVolume: 0.6,
      voiceLanguage: null,
      soundBed: 'none',
      soundBedLevel: 0.5,
      cameraEnabled: false,
      windDown: [],
      windDownOff: [],
      countdownSeconds: 3,
      lastSyncTime: null,
    });
    expect(DEFAULT_PREFERENCES.defaultPattern).toBe('box');
  });
  it('stores single and several values', async () => {
    await setPreference('voiceEnabled', false);
    await setPreferences({ cameraEnabled: true, defaultPattern: 'sleep' });
    expect(await getPreferences()).toEqual({
      defaultPattern: 'sleep',
      voiceEnabled: false,
      cueTones: true,
      cueVibration: true,
      cueVolume: 0.6,
      voiceLanguage: null,
      soundBed: 'none',
      soundBedLevel: 0.5,
      cameraEnabled: true,
      windDown: [],
      windDownOff: [],
      countdownSeconds: 3,
      lastSyncTime: null,
    });
  });
});

describe('flags and selected pattern', () => {
  it('flags default to false and can be set', async () => {
    expect(await getFlags()).toEqual({ hasCompletedSession: false, onboardingCompleted: false });
    await setFlag('hasCompletedSession');
    expect(await getFlag('hasCompletedSession')).toBe(true);
    expect(await getFlag('onboardingCompleted')).toBe(false);
  });
  it('keeps the selected pattern in either shape', async () => {
    expect(await getSelectedPattern()).toBeUndefined();
    const lib = librarySelection({
      key: 'box',
      name: 'Box',
      phases: { inhale: 4, hold: 4, exhale: 4, pause: 4 },
    });
    expect(lib).toMatchObject({ cycles: 5, hasBreathHold: false });
    await setSelectedPattern(lib);
    expect(await getSelectedPattern()).toEqual(lib);
    await setSelectedPattern({
      source: 'discovery',
      id: 'sleep',
      name: 'Sleep',
      inhale: 4,
      hold: 6,
      exhale: 8,
      hold_after_exhale: 3,
      benefits: [],
    });
    const sel = await getSelectedPattern();
    expect(sel && selectedPatternId(sel)).toBe('sleep');
  });
  it('builds the discovery shape from a built-in pattern, with its own copy of the benefits', () => {
    const box = getPattern('box');
    if (!box) throw new Error('box pattern missing');
    const sel = discoverySelection(box);
    expect(sel).toEqual({
      source: 'discovery',
      id: 'box',
      name: box.name,
      inhale: box.inhale,
      hold: box.hold,
      exhale: box.exhale,
      hold_after_exhale: box.hold_after_exhale,
      benefits: [...box.benefits],
    });
    expect(sel.benefits).not.toBe(box.benefits);
    expect(selectedPatternId(sel)).toBe('box');
  });
});

describe('recent, favourites, ratings', () => {
  it('keeps only the 8 most recently used patterns, newest first', async () => {
    for (let i = 0; i < 12; i++) await markPatternUsed(`p${i}`, 1000 + i);
    await markPatternUsed('p5', 5000);
    const recent = await listRecentPatterns();
    expect(recent).toHaveLength(RECENT_LIMIT);
    expect(recent[0]?.patternId).toBe('p5');
    expect(recent.map((r) => r.patternId)).not.toContain('p0');
    expect(await db.recentPatterns.count()).toBe(8);
  });
  it('toggles favourites', async () => {
    expect(await toggleFavorite('box', 1)).toBe(true);
    expect(await toggleFavorite('sleep', 2)).toBe(true);
    expect((await listFavorites()).map((f) => f.patternId)).toEqual(['sleep', 'box']);
    expect(await toggleFavorite('box')).toBe(false);
    expect((await listFavorites()).map((f) => f.patternId)).toEqual(['sleep']);
  });
  it('stores 1-5 star ratings and refuses anything else with a clear error', async () => {
    await ratePattern('box', 4, 9);
    expect(await getRating('box')).toMatchObject({ patternId: 'box', rating: 4, ratedAt: 9 });
    await expect(ratePattern('box', 6)).rejects.toThrow(InvalidRatingError);
    await expect(ratePattern('box', 2.5)).rejects.toThrow(/whole number of stars from 1 to 5/);
  });
});

describe('custom patterns', () => {
  it('creates, updates, soft-deletes', async () => {
    const p = await createCustomPattern(
      { name: '  Calm 5-5 ', inhale: 5, hold: 0, exhale: 5, hold_after_exhale: 0 },
      { userId: 'u1', now: new Date('2026-11-01T00:00:00Z') },
    );
    expect(p).toMatchObject({
      name: 'Calm 5-5',
      category: 'stress',
      difficulty: 'Beginner',
      syncState: 'pending',
      description: '',
    });
    const g = await createCustomPattern(
      { name: 'Guest one', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 },
      { userId: null },
    );
    expect(g.syncState).toBe('guest');
    const u = await updateCustomPattern(p.id, { exhale: 7, benefits: ['sleep'] });
    expect(u).toMatchObject({ exhale: 7, inhale: 5, benefits: ['sleep'] });
    expect((await listCustomPatterns('u1')).map((x) => x.id).sort()).toEqual([p.id, g.id].sort());
    expect(await listCustomPatterns('u2')).toHaveLength(1);
    await deleteCustomPattern(p.id);
    expect(await getCustomPattern(p.id)).toBeUndefined();
    expect((await db.patterns.get(p.id))?.deleted).toBe(true);
  });
  it('rejects bad input naming each field', async () => {
    const err = await createCustomPattern(
      { name: '', inhale: 0, hold: -1, exhale: 61, hold_after_exhale: 0 },
      { userId: 'u1' },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PatternValidationError);
    const fields = (err as PatternValidationError).issues.map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'inhale', 'hold', 'exhale']));
    expect((err as Error).message).toMatch(/Name is required/);
    expect((err as Error).message).toMatch(/Exhale can be at most 60 seconds/);
  });
});

describe('auth session', () => {
  it('stores, reads and clears the tokens; maps a supabase-js session', async () => {
    expect(await getAuthSession()).toBeUndefined();
    const s = fromSupabaseSession(
      {
        access_token: 'a',
        refresh_token: 'r',
        expires_in: 60,
        user: { id: 'u1', email: 'u@x.test' },
      },
      1000,
    );
    expect(s).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 1060,
      userId: 'u1',
      email: 'u@x.test',
    });
    await saveAuthSession(s);
    expect(await getAuthSession()).toEqual(s);
    expect(await getSignedInUser()).toEqual({ userId: 'u1', email: 'u@x.test' });
    await clearAuthSession();
    expect(await getAuthSession()).toBeUndefined();
  });
});

describe('sessions', () => {
  it('keeps the lead API and lists newest first', async () => {
    const a = makeSession({}, 1);
    const b = makeSession({}, 2);
    await addSession(a);
    await addSession(b);
    expect(await getSession(a.id)).toEqual(a);
    expect((await listSessions()).map((s) => s.id)).toEqual([b.id, a.id]);
  });
  it('attaches guest sessions to an account only when asked', async () => {
    await db.sessions.bulkPut([
      makeSession({ userId: null, syncState: 'guest' }, 1),
      makeSession({ userId: null, syncState: 'guest' }, 2),
      makeSession({ userId: 'u1', syncState: 'synced' }, 3),
    ]);
    expect(await countGuestSessions()).toBe(2);
    expect(await hasDeclinedGuestAttach('u1')).toBe(false);
    await declineGuestAttach('u1');
    expect(await hasDeclinedGuestAttach('u1')).toBe(true);
    expect(await attachGuestSessions('u1')).toBe(2);
    expect(await countGuestSessions()).toBe(0);
    expect(await countBySyncState('u1')).toMatchObject({ pending: 2, synced: 1, guest: 0 });
  });
  it('failed and local-only sessions are listed and retryable', async () => {
    const f = makeSession(
      { syncState: 'failed', lastError: '400: bad', attempts: 1, userId: 'u1' },
      1,
    );
    const l = makeSession({ syncState: 'local_only', lastError: '404', userId: 'u1' }, 2);
    await db.sessions.bulkPut([f, l, makeSession({ syncState: 'failed', userId: 'u1' }, 3)]);
    expect((await listProblemSessions('u1')).map((s) => s.id)).toContain(f.id);
    expect(await retrySession(f.id)).toBe(true);
    const again = await getSession(f.id);
    expect(again).toMatchObject({ syncState: 'pending', attempts: 0 });
    expect(again?.lastError).toBeUndefined();
    expect(await retrySession(f.id)).toBe(false);
    expect(await retrySession(l.id)).toBe(true);
    expect(await retryAllFailed('u1')).toBe(1);
    expect((await countBySyncState('u1')).pending).toBe(3);
  });
});
