import { describe, expect, it } from 'vitest';
import {
  fromServerRow,
  mergeHistory,
  type ServerSessionRow,
} from '../../../src/features/progress/serverHistory';
import type { SessionRecord } from '../../../src/data/db';

const row = (patch: Partial<ServerSessionRow>): ServerSessionRow => ({
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
  session_type: 'classic',
  camera_used: false,
  ai_used: false,
  start_time: '2026-03-10T09:57:20.000Z',
  end_time: '2026-03-10T10:00:00.000Z',
  completed: true,
  created_at: '2026-03-10T10:00:00.000Z',
  ...patch,
});

describe('server history', () => {
  it('maps a server row; missing values stay missing, duration defaults to 5 s', () => {
    const s = fromServerRow(
      row({
        session_duration: null,
        pattern_name: null,
        breath_hold_time: 31.5,
        session_type: 'weird',
      }),
      'me',
    );
    expect(s).toMatchObject({
      id: 'r1',
      userId: 'me',
      duration: 5,
      patternName: 'Unknown pattern',
      breathHoldTime: 31.5,
      sessionType: 'classic',
      syncState: 'synced',
    });
    expect(s.restlessnessScore).toBeUndefined();
    expect(s.qualityScore).toBe(95);
  });
  it('merges by id (the local copy wins), newest first', () => {
    const local = [
      fromServerRow(
        row({ id: 'a', created_at: '2026-03-09T10:00:00.000Z', pattern_name: 'Local' }),
        'me',
      ),
    ] as SessionRecord[];
    const server = [
      fromServerRow(
        row({ id: 'a', created_at: '2026-03-09T10:00:00.000Z', pattern_name: 'Server copy' }),
        'me',
      ),
      fromServerRow(
        row({ id: 'b', created_at: '2026-03-11T10:00:00.000Z', pattern_name: 'Other device' }),
        'me',
      ),
    ];
    expect(mergeHistory(local, server).map((s) => [s.id, s.patternName])).toEqual([
      ['b', 'Other device'],
      ['a', 'Local'],
    ]);
  });
});
