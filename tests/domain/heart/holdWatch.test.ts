/**
 * The hold watch's limit rule and its alarm on a fake clock (a loop of 16 ms frames, as
 * the retention screen's animation frames read performance.now()). Does not prove: that
 * the screen shows the alarm (tests/features/session/retentionAlarm.test.tsx does), that
 * a sound plays (none does yet), or anything about a person's safety.
 */
import { describe, expect, it } from 'vitest';
import {
  bestHoldMs,
  HOLD_LIMIT_CAP_MS,
  holdAlarmDue,
  holdLimitMs,
} from '../../../src/domain/heart/holdWatch';

describe('holdLimitMs', () => {
  it('is the best plus 30 s', () => expect(holdLimitMs(75_000)).toBe(105_000));
  it('never above 3 minutes', () => {
    expect(holdLimitMs(150_000)).toBe(180_000);
    expect(holdLimitMs(400_000)).toBe(180_000);
  });
  it('without a best, the cap', () => expect(holdLimitMs(null)).toBe(HOLD_LIMIT_CAP_MS));
  it('a chosen limit lowers it, never raises it', () => {
    expect(holdLimitMs(75_000, 60_000)).toBe(60_000);
    expect(holdLimitMs(75_000, 150_000)).toBe(105_000);
    expect(holdLimitMs(null, 240_000)).toBe(180_000);
    expect(holdLimitMs(75_000, 0)).toBe(105_000);
  });
});

describe('bestHoldMs', () => {
  it('the longest of stored sessions (s), program retentions (ms) and this session', () => {
    expect(
      bestHoldMs([{ breathHoldTime: 62.4 }, {}, { program: { retentionsMs: [70_500] } }]),
    ).toBe(70_500);
    expect(bestHoldMs([{ breathHoldTime: 62.4 }], [90_000])).toBe(90_000);
    expect(bestHoldMs([{ breathHoldTime: 62.4 }])).toBeCloseTo(62_400, 6);
  });
  it('none yet', () => expect(bestHoldMs([{}], [])).toBeNull());
});

describe('the alarm on a fake clock', () => {
  it('fires on the first frame at or past the limit, not before', () => {
    const limit = holdLimitMs(75_000); // 105 s
    const start = 1_000.3;
    let now = start;
    let firedAt: number | null = null;
    while (now - start < 200_000) {
      now += 16;
      if (holdAlarmDue(now - start, limit)) {
        firedAt = now - start;
        break;
      }
    }
    expect(firedAt).not.toBeNull();
    expect(firedAt!).toBeGreaterThanOrEqual(105_000);
    expect(firedAt!).toBeLessThan(105_000 + 16);
  });
});
