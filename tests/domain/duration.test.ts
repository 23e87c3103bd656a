import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/domain/duration';

describe('formatDuration (results and history)', () => {
  it('formats durations', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(125)).toBe('2 min 5 s');
    expect(formatDuration(160)).toBe('2 min 40 s');
    expect(formatDuration(3900)).toBe('1 h 05 min');
  });
  it('rounds to the second and never shows a negative time', () => {
    expect(formatDuration(59.6)).toBe('1 min');
    expect(formatDuration(44.4)).toBe('44 s');
    expect(formatDuration(-3)).toBe('0 s');
  });
});
