// @vitest-environment happy-dom
/**
 * The wind-down hint the pre-paint script reads (src/data/windDownHint.ts, resolved by
 * domain/windDown's windDownHint): the patterns on at any hour (`a`) and those on in the
 * evening band (`n`), kept in localStorage.
 *
 * Not proved here: that the script reads it the same way (tests/domain/prePaintScript.test.ts
 * runs the script on hints of this shape) or that a page paints from it
 * (e2e/wind-down.spec.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rememberWindDown } from '../../src/data/windDownHint';
import { WIND_DOWN_HINT_KEY } from '../../src/domain/prePaintScript';
import { EVENING_PATTERN_IDS } from '../../src/domain/windDown';

const hint = () =>
  JSON.parse(localStorage.getItem(WIND_DOWN_HINT_KEY) ?? 'null') as { a: string[]; n: string[] };
const none = { on: [], off: [] };

afterEach(() => localStorage.clear());

describe('the wind-down hint', () => {
  it('resolves the choices: on at any hour, else the evening patterns the person did not switch off', () => {
    rememberWindDown({ on: ['box'], off: ['sleep'] }, null);
    expect(hint()).toEqual({
      a: ['box'],
      n: EVENING_PATTERN_IDS.filter((id) => id !== 'sleep'),
    });
    // Switched on, an evening pattern is on at any hour (in `a`, not `n`).
    rememberWindDown({ on: ['relaxation'], off: [] }, null);
    expect(hint().a).toEqual(['relaxation']);
    expect(hint().n).not.toContain('relaxation');
  });

  it("keeps the person's own evening patterns from visit to visit (the latest 50), not programs", () => {
    rememberWindDown(none, 'custom-1');
    rememberWindDown(none, 'custom-2');
    rememberWindDown(none, 'program:breath-4-7-11');
    rememberWindDown(none, 'relaxation');
    rememberWindDown({ on: ['program:breath-4-7-11'], off: [] }, null);
    expect(hint()).toEqual({ a: [], n: [...EVENING_PATTERN_IDS, 'custom-1', 'custom-2'] });
    for (let i = 0; i < 60; i++) rememberWindDown(none, `c${i}`);
    const own = hint().n.slice(EVENING_PATTERN_IDS.length);
    expect(own).toHaveLength(50);
    expect(own[0]).toBe('c10');
    expect(own.at(-1)).toBe('c59');
  });

  it('survives a broken hint and one from before the evening default (a list of the ids on)', () => {
    localStorage.setItem(WIND_DOWN_HINT_KEY, '{broken');
    rememberWindDown({ on: ['box'], off: [] }, null);
    expect(hint()).toEqual({ a: ['box'], n: [...EVENING_PATTERN_IDS] });
    localStorage.setItem(WIND_DOWN_HINT_KEY, JSON.stringify(['relaxation']));
    rememberWindDown({ on: ['relaxation'], off: [] }, 'custom-3');
    expect(hint()).toEqual({
      a: ['relaxation'],
      n: [...EVENING_PATTERN_IDS.filter((id) => id !== 'relaxation'), 'custom-3'],
    });
  });
});
