import { describe, expect, it } from 'vitest';
import { guideLevel } from '../../../src/domain/vision/breathGuide';
import {
  frameIntervalMs,
  isLowEndDevice,
  performanceModeFor,
  isLowBattery,
} from '../../../src/domain/vision/performanceMode';
import {
  calibratePosture,
  postureScore,
  tiltFromEyes,
  type FaceObservation,
} from '../../../src/domain/vision/posture';

const face = (x: number, y: number, width = 80, tiltDeg: number | null = 0): FaceObservation => ({
  box: { x, y, width, height: width },
  tiltDeg,
  score: 0.9,
});

describe('posture', () => {
  const cal = calibratePosture([face(100, 50), face(102, 50), face(98, 50)])!;

  it('calibrates on the first three faces', () => {
    expect(calibratePosture([face(0, 0), face(0, 0)])).toBeNull();
    expect(cal).toEqual({ cx: 140, cy: 90, width: 80, tiltDeg: 0 });
  });

  it('scores 100 at the calibration and less the further the head moves, leans or tilts', () => {
    expect(postureScore(cal, face(100, 50))).toBe(100);
    const slid = postureScore(cal, face(124, 50));
    expect(slid).toBe(50);
    expect(postureScore(cal, face(100, 100))).toBe(0);
    expect(postureScore(cal, face(92, 42, 96))).toBeLessThan(70);
    expect(postureScore(cal, face(100, 50, 80, 12.5))).toBe(50);
    expect(postureScore(cal, face(100, 50, 80, null))).toBe(100);
    expect(postureScore({ ...cal, width: 0 }, face(100, 50))).toBe(0);
  });

  it('reads the head tilt from the eyes', () => {
    expect(tiltFromEyes({ x: 0, y: 0 }, { x: 10, y: 0 })).toBe(0);
    expect(tiltFromEyes({ x: 0, y: 0 }, { x: 10, y: 10 })).toBeCloseTo(45);
  });
});

describe('performance mode', () => {
  it('adapts to the average of the last five processing times', () => {
    expect(performanceModeFor([10, 10, 10, 10, 10], false)).toBe('optimal');
    expect(performanceModeFor([900, 1100, 1200, 1000, 1100], false)).toBe('balanced');
    expect(performanceModeFor([3000, 2500, 2100, 1900, 2200], false)).toBe('minimal');
    expect(performanceModeFor([5000, 5000, 10, 10, 10, 10, 10], false)).toBe('optimal');
    expect(frameIntervalMs('optimal')).toBe(500);
    expect(frameIntervalMs('balanced')).toBe(1000);
    expect(frameIntervalMs('minimal')).toBe(2000);
  });

  it('starts a low-end device balanced until five times are known', () => {
    expect(performanceModeFor([], false)).toBe('optimal');
    expect(performanceModeFor([10, 10], true)).toBe('balanced');
    expect(performanceModeFor([10, 10, 10, 10, 10], true)).toBe('optimal');
    expect(isLowEndDevice({ cores: 2, memoryGb: 8 })).toBe(true);
    expect(isLowEndDevice({ cores: 8, memoryGb: 2 })).toBe(true);
    expect(isLowEndDevice({ cores: 4, memoryGb: 4 })).toBe(false);
    expect(isLowEndDevice({})).toBe(false);
  });
});

describe('guide level', () => {
  it('rises on the inhale, stays full on the hold, falls on the exhale, empty on the pause', () => {
    expect(guideLevel('inhale', 0.25)).toBe(0.25);
    expect(guideLevel('hold', 0.5)).toBe(1);
    expect(guideLevel('exhale', 0.25)).toBe(0.75);
    expect(guideLevel('pause', 0.5)).toBe(0);
    expect(guideLevel(null, 0.5)).toBe(0);
    expect(guideLevel('inhale', Number.NaN)).toBe(0);
  });
});

describe('battery (spec § 4: low power under 20 %)', () => {
  it('below 20 % and not charging: minimal, whatever the speed', () => {
    expect(isLowBattery({ level: 0.19, charging: false })).toBe(true);
    expect(performanceModeFor([10, 10, 10, 10, 10], false, true)).toBe('minimal');
    expect(performanceModeFor([], false, true)).toBe('minimal');
  });
  it('charging, at 20 % or above, or no Battery Status API: the usual rule', () => {
    expect(isLowBattery({ level: 0.05, charging: true })).toBe(false);
    expect(isLowBattery({ level: 0.2, charging: false })).toBe(false);
    expect(isLowBattery(null)).toBe(false);
    expect(isLowBattery({ level: Number.NaN, charging: false })).toBe(false);
    expect(performanceModeFor([10, 10, 10, 10, 10], false, false)).toBe('optimal');
  });
});
