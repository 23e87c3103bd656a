import { describe, expect, it } from 'vitest';
import { fromSessionRow, toSessionRow } from '../../src/sync/rows/sessionRow';
import { fromPatternRow } from '../../src/sync/rows/patternRow';
import { fromFavoriteRow, toFavoriteRow } from '../../src/sync/rows/favoriteRow';
import { fromRatingRow } from '../../src/sync/rows/ratingRow';
import { fromPreferenceRow, toPreferenceRow } from '../../src/sync/rows/preferenceRow';
import { makeSession } from './helpers';

const STAMP = '2026-11-23T10:00:00.123+00:00';

const serverSession = (patch: Record<string, unknown> = {}) => ({
  id: 'r1',
  pattern_id: 'box',
  pattern_name: 'Box Breathing',
  session_duration: 160,
  cycle_count: 10,
  target_cycles: 10,
  breath_hold_time: null,
  restlessness_score: null,
  stillness_score: null,
  quality_score: 95,
  phase_accuracy: null,
  rhythm_consistency: 90,
  session_type: 'classic',
  camera_used: false,
  ai_used: false,
  start_time: '2026-03-10T09:57:20.000Z',
  end_time: '2026-03-10T10:00:00.000Z',
  completed: true,
  created_at: '2026-03-10T10:00:00+00:00',
  updated_at: STAMP,
  deleted_at: null,
  ...patch,
});

describe('rows pulled from the server', () => {
  it('a session: measured values kept, missing ones absent, a missing duration reads as 5 s', () => {
    const s = fromSessionRow(
      serverSession({
        session_duration: null,
        pattern_name: '  ',
        breath_hold_time: 31.5,
        session_type: 'weird',
      }),
      'me',
      STAMP,
    );
    expect(s).toMatchObject({
      id: 'r1',
      userId: 'me',
      duration: 5,
      patternName: 'Unknown pattern',
      breathHoldTime: 31.5,
      sessionType: 'classic',
      qualityScore: 95,
      rhythmConsistency: 90,
      syncState: 'synced',
      serverUpdatedAt: STAMP,
      createdAt: '2026-03-10T10:00:00.000Z',
      startTime: Date.parse('2026-03-10T09:57:20.000Z'),
    });
    expect(s).not.toHaveProperty('restlessnessScore');
    expect(s).not.toHaveProperty('phaseAccuracy');
    expect(fromSessionRow(serverSession({ created_at: 'never' }), 'me', STAMP)).toBeNull();
    expect(fromSessionRow(serverSession({ id: null }), 'me', STAMP)).toBeNull();
  });

  it('a session makes the round trip device -> server row -> device', () => {
    const local = makeSession({
      userId: 'me',
      rhythmConsistency: 77,
      phaseAccuracy: 81,
      qualityScore: 88,
      syncState: 'synced',
    });
    const row = { ...toSessionRow(local, 'me'), updated_at: STAMP, deleted_at: null };
    const back = fromSessionRow(row, 'me', STAMP)!;
    const { syncedAt: _s, lastError: _l, nextAttemptAt: _n, ...same } = local;
    expect(back).toEqual({ ...same, serverUpdatedAt: STAMP });
  });

  it('a custom pattern: unknown category and difficulty fall back; unusable timings are skipped', () => {
    const row = {
      id: 'p1',
      name: 'Mine',
      description: null,
      inhale: 4,
      hold: 0,
      exhale: 6,
      hold_after_exhale: 0,
      category: 'nonsense',
      difficulty: null,
      benefits: ['calm', 3],
      created_at: '2026-03-10T10:00:00Z',
      updated_at: STAMP,
      deleted: false,
    };
    expect(fromPatternRow(row, 'me', STAMP)).toMatchObject({
      id: 'p1',
      userId: 'me',
      description: '',
      category: 'stress',
      difficulty: 'Beginner',
      benefits: ['calm'],
      updatedAt: STAMP,
      serverUpdatedAt: STAMP,
      syncState: 'synced',
    });
    expect(fromPatternRow({ ...row, inhale: 0 }, 'me', STAMP)).toBeNull();
    expect(fromPatternRow({ ...row, name: '' }, 'me', STAMP)).toBeNull();
  });

  it('favourites, ratings and preferences: tombstones come back as deleted; bad values are skipped', () => {
    expect(
      fromFavoriteRow(
        { pattern_id: 'box', added_at: '2026-03-10T10:00:00Z', deleted_at: STAMP },
        'me',
        STAMP,
      ),
    ).toMatchObject({
      owner: 'me',
      patternId: 'box',
      addedAt: Date.parse('2026-03-10T10:00:00Z'),
      deleted: true,
    });
    expect(
      fromRatingRow({ pattern_id: 'box', rating: 4, deleted_at: null }, 'me', STAMP),
    ).toMatchObject({ rating: 4, deleted: false });
    expect(fromRatingRow({ pattern_id: 'box', rating: 9 }, 'me', STAMP)).toBeNull();
    expect(
      fromPreferenceRow({ key: 'voiceEnabled', value: false, deleted_at: null }, 'me', STAMP),
    ).toMatchObject({ value: false });
    expect(fromPreferenceRow({ key: '', value: 1 }, 'me', STAMP)).toBeNull();
  });

  it('rows sent up: a removal carries deleted_at; a preference without a value is a removal', () => {
    const meta = { owner: 'me', syncState: 'pending' as const, updatedAt: STAMP };
    expect(toFavoriteRow({ ...meta, patternId: 'box', addedAt: 0, deleted: true }, 'me')).toEqual({
      user_id: 'me',
      pattern_id: 'box',
      added_at: '1970-01-01T00:00:00.000Z',
      deleted_at: STAMP,
    });
    expect(toPreferenceRow({ ...meta, key: 'voiceEnabled', value: true }, 'me')).toEqual({
      user_id: 'me',
      key: 'voiceEnabled',
      value: true,
      deleted_at: null,
    });
    expect(toPreferenceRow({ ...meta, key: 'x', value: null }, 'me')).toMatchObject({
      value: false,
      deleted_at: STAMP,
    });
  });
});
