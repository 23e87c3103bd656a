import { describe, expect, it } from 'vitest';
import {
  isThemeChoice,
  isTrueBlack,
  msUntilBandChange,
  resolveTheme,
} from '../../src/domain/nightTheme';

describe('night theme', () => {
  it('the evening band runs from 17:00 until 6:00 (automatic, on a light system)', () => {
    const isEveningHour = (hour: number) => resolveTheme('auto', { systemDark: false, hour }) === 'dark';
    expect([16, 17, 23, 0, 5, 6, 12].map(isEveningHour)).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('automatic: dark in the evening band or when the system is dark', () => {
    expect(resolveTheme('auto', { systemDark: false, hour: 10 })).toBe('light');
    expect(resolveTheme('auto', { systemDark: false, hour: 21 })).toBe('dark');
    expect(resolveTheme('auto', { systemDark: true, hour: 10 })).toBe('dark');
  });

  it('system follows the system only; light and dark are fixed', () => {
    expect(resolveTheme('system', { systemDark: false, hour: 21 })).toBe('light');
    expect(resolveTheme('system', { systemDark: true, hour: 10 })).toBe('dark');
    expect(resolveTheme('light', { systemDark: true, hour: 22 })).toBe('light');
    expect(resolveTheme('dark', { systemDark: false, hour: 10 })).toBe('dark');
  });

  it('true black is the dark theme, at any hour, and a choice of its own', () => {
    expect(resolveTheme('black', { systemDark: false, hour: 10 })).toBe('dark');
    expect(isThemeChoice('black')).toBe(true);
    expect(isTrueBlack('black')).toBe(true);
    expect(isTrueBlack('dark')).toBe(false);
  });

  it('knows a stored choice from anything else', () => {
    expect(isThemeChoice('auto')).toBe(true);
    expect(isThemeChoice('night')).toBe(false);
    expect(isThemeChoice(null)).toBe(false);
  });

  it('finds the next band change on the hour', () => {
    expect(msUntilBandChange(new Date(2026, 10, 23, 16, 30, 0))).toBe(30 * 60 * 1000);
    expect(msUntilBandChange(new Date(2026, 10, 23, 17, 0, 0))).toBe(13 * 60 * 60 * 1000);
    expect(msUntilBandChange(new Date(2026, 10, 23, 5, 59, 30))).toBe(30 * 1000);
    expect(msUntilBandChange(new Date(2026, 10, 23, 9, 15, 0))).toBe((7 * 60 + 45) * 60 * 1000);
  });
});
