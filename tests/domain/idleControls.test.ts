import { describe, expect, it } from 'vitest';
import {
  CONTROLS_IDLE_MS,
  controlsVisible,
  msUntilControlsFade,
} from '../../src/domain/idleControls';

const base = {
  now: 10_000,
  lastInputAt: 10_000,
  paused: false,
  keyboardFocusInside: false,
  dialogOpen: false,
};

describe('immersive controls', () => {
  it('show after input and fade after a few quiet seconds', () => {
    expect(controlsVisible(base)).toBe(true);
    expect(controlsVisible({ ...base, now: 10_000 + CONTROLS_IDLE_MS - 1 })).toBe(true);
    expect(controlsVisible({ ...base, now: 10_000 + CONTROLS_IDLE_MS })).toBe(false);
    expect(msUntilControlsFade({ ...base, now: 11_000 })).toBe(CONTROLS_IDLE_MS - 1000);
    expect(msUntilControlsFade({ ...base, now: 20_000 })).toBe(0);
  });
  it('stay while paused, while the keyboard focus is on them and while a dialog is open', () => {
    const late = { ...base, now: 60_000 };
    expect(controlsVisible({ ...late, paused: true })).toBe(true);
    expect(controlsVisible({ ...late, keyboardFocusInside: true })).toBe(true);
    expect(controlsVisible({ ...late, dialogOpen: true })).toBe(true);
  });
});
