import { describe, expect, it } from 'vitest';
import {
  encouragementIntervalMs,
  pickEncouragement,
} from '../../src/domain/encouragement';

describe('adaptive encouragement interval', () => {
  it('is 30 s by default (no camera)', () => {
    expect(encouragementIntervalMs({ progressPercent: 50 })).toBe(30_000);
  });
  it('is 45 s above 80 stillness, 20 s below 50', () => {
    expect(encouragementIntervalMs({ progressPercent: 50, stillness: 81 })).toBe(45_000);
    expect(encouragementIntervalMs({ progressPercent: 50, stillness: 80 })).toBe(30_000);
    expect(encouragementIntervalMs({ progressPercent: 50, stillness: 50 })).toBe(30_000);
    expect(encouragementIntervalMs({ progressPercent: 50, stillness: 49 })).toBe(20_000);
  });
  it('is at most 25 s while progress is under 25 %', () => {
    expect(encouragementIntervalMs({ progressPercent: 24 })).toBe(25_000);
    expect(encouragementIntervalMs({ progressPercent: 10, stillness: 90 })).toBe(25_000);
    expect(encouragementIntervalMs({ progressPercent: 10, stillness: 10 })).toBe(20_000);
    expect(encouragementIntervalMs({ progressPercent: 25, stillness: 90 })).toBe(45_000);
  });
});

describe('messages', () => {
  it('celebrates only above 75 stillness, which needs a camera', () => {
    expect(pickEncouragement({ progressPercent: 50, stillness: 76 }).kind).toBe('celebration');
    expect(pickEncouragement({ progressPercent: 50, stillness: 75 }).kind).not.toBe('celebration');
    expect(pickEncouragement({ progressPercent: 50 }).kind).not.toBe('celebration');
    expect(pickEncouragement({ progressPercent: 50, stillness: 90 }).kind).toBe('celebration');
    expect(pickEncouragement({ progressPercent: 50, stillness: 30 }).kind).toBe('refocus');
  });
  it('speaks about progress without a camera, never about stillness', () => {
    expect(pickEncouragement({ progressPercent: 5 }).kind).toBe('settling');
    expect(pickEncouragement({ progressPercent: 50 }).kind).toBe('midway');
    expect(pickEncouragement({ progressPercent: 90 }).kind).toBe('closing');
    for (let i = 0; i < 4; i++) {
      for (const progressPercent of [5, 50, 90]) {
        expect(pickEncouragement({ progressPercent }, i).text).not.toMatch(/still/i);
      }
    }
  });
  it('rotates variants deterministically', () => {
    const a = pickEncouragement({ progressPercent: 50 }, 0).text;
    const b = pickEncouragement({ progressPercent: 50 }, 1).text;
    expect(a).not.toBe(b);
    expect(pickEncouragement({ progressPercent: 50 }, 2).text).toBe(a);
    expect(pickEncouragement({ progressPercent: 50 }, -1).text).toBe(b);
  });
});
