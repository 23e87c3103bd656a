import { describe, expect, it } from 'vitest';
import { parseSessionSearch } from '../../src/domain/sessionSearch';
import { summariseScreenTiming } from '../../src/domain/timingSummary';

/**
 * The 'advanced' preset's timing monitor figures from timing-probe entries (issue #34).
 * Does not prove that the probe's entries are right (bench/session-timing.ts measures them
 * against the audio and the screen) or the monitor's place on screen
 * (e2e/advanced-preset.spec.ts).
 */
describe('summariseScreenTiming', () => {
  it('nothing measured, no figure', () => {
    expect(summariseScreenTiming([], 0)).toBeNull();
    expect(summariseScreenTiming([{ scheduledAt: 5, actualAt: 9 }], 10)).toBeNull();
  });

  it('median, 95th percentile (nearest rank) and worst of the lateness, this session only', () => {
    const entries = [
      { scheduledAt: 1, actualAt: 500 }, // an earlier session's switch: left out
      ...Array.from({ length: 20 }, (_, i) => ({
        scheduledAt: 1000 + i * 4000,
        actualAt: 1000 + i * 4000 + (i + 1),
      })),
    ];
    expect(summariseScreenTiming(entries, 1000)).toEqual({
      switches: 20,
      medianLateMs: 10,
      p95LateMs: 19,
      worstLateMs: 20,
    });
  });

  it('keeps a switch shown early as negative and leaves out non-finite times', () => {
    const t = summariseScreenTiming(
      [
        { scheduledAt: 100, actualAt: 98 },
        { scheduledAt: 200, actualAt: Number.NaN },
        { scheduledAt: 300, actualAt: 303 },
      ],
      0,
    );
    expect(t).toEqual({ switches: 2, medianLateMs: -2, p95LateMs: 3, worstLateMs: 3 });
  });
});

describe('the session search keeps monitor=timing only', () => {
  it('parses the preset', () => {
    expect(parseSessionSearch({ pattern: 'box', monitor: 'timing' })).toEqual({
      pattern: 'box',
      monitor: 'timing',
    });
    expect(parseSessionSearch({ monitor: 'fps' })).toEqual({});
  });
});
