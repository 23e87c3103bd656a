import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/domain/duration';
import { formatClock } from '../../src/features/session/formatClock';

describe('formatDuration (one format everywhere: the clock, results, history)', () => {
  it('formats durations as m:ss, h:mm:ss from an hour', () => {
    expect(formatDuration(45)).toBe('0:45');
    expect(formatDuration(58)).toBe('0:58');
    expect(formatDuration(60)).toBe('1:00');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(160)).toBe('2:40');
    expect(formatDuration(3900)).toBe('1:05:00');
  });
  it('rounds to the second and never shows a negative time', () => {
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(44.4)).toBe('0:44');
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
  it('the live clock shows the same format, never rounding a second up', () => {
    expect(formatClock(58.9)).toBe('0:58');
    expect(formatClock(160)).toBe(formatDuration(160));
  });
});
