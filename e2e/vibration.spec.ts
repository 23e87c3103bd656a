import type { Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';
import { pressStart } from './practise';

/**
 * Vibration you can tell apart (issue #47, item 4), in real Chromium, in real time: with
 * `navigator.vibrate` replaced by a recorder (an init script: Chromium on a desktop has the
 * function but no motor, and a test cannot feel one), the session vibrates one pulse in, two
 * out and a long one on a hold, once per step, in the order of the steps, a step apart on the
 * page's clock, for a pattern session and for a program. The expected patterns and lengths
 * are written here from the patterns' timings and the issue's words.
 *
 * Not proved here: that a phone's motor runs (no device here), that the pulses are felt apart,
 * vibration with the screen locked (browsers stop it there), or the lag between the guide
 * (which vibrates) and the audio: that is the follow loop's (session-cue-track.spec.ts).
 */

interface Call {
  pattern: number[];
  at: number;
  /** The program's step on screen 150 ms after the call (the screen draws it after the run moves). */
  shown?: string;
}

async function recordVibrations(page: Page) {
  await page.addInitScript(() => {
    const calls: { pattern: number[]; at: number; shown?: string }[] = [];
    (window as unknown as { __vibrations: typeof calls }).__vibrations = calls;
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: number | number[]) => {
        const call: { pattern: number[]; at: number; shown?: string } = {
          pattern: Array.isArray(pattern) ? [...pattern] : [pattern],
          at: performance.now(),
        };
        calls.push(call);
        setTimeout(() => {
          call.shown = document.querySelector('[data-testid="program-step"]')?.textContent ?? '';
        }, 150);
        return true;
      },
    });
  });
}

const calls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __vibrations: Call[] }).__vibrations);

const IN = [120];
const SIP = [60];
const OUT = [120, 140, 120];
const LONG = [600];

/**
 * Each call is, by its time from the first, the step whose planned start is nearest, with
 * that step's pattern; no step twice; and from `allFromMs` on, every step that has begun is
 * vibrated. Before `allFromMs` a step may pass unvibrated: a session vibrates each step as
 * its guide enters it, and on this 2-core machine under other builds a slow start was seen
 * to carry the guide over a 1 s top-up in one move (so it is not felt, as it is not shown).
 * How close the guide's changes are to the boundaries is the guide's own test
 * (session-cue-track.spec.ts, programs.spec.ts); here the offsets are logged.
 */
function expectSteps(made: Call[], steps: { ms: number; pattern: number[] }[], allFromMs: number) {
  const seen = JSON.stringify(made.map((c) => [Math.round(c.at - made[0]!.at), c.pattern]));
  const starts = steps.map((_, k) => steps.slice(0, k).reduce((a, x) => a + x.ms, 0));
  const nearest = (t: number) =>
    starts.reduce((best, s, k) => (Math.abs(s - t) < Math.abs(starts[best]! - t) ? k : best), 0);
  const idx = made.map((c) => nearest(c.at - made[0]!.at));
  console.log(
    'vibrations minus their step starts (ms):',
    made.map((c, n) => Math.round(c.at - made[0]!.at - starts[idx[n]!]!)).join(' '),
  );
  made.forEach((c, n) => expect(c.pattern, seen).toEqual(steps[idx[n]!]!.pattern));
  idx.slice(1).forEach((k, n) => expect(k, seen).toBeGreaterThan(idx[n]!));
  // Every step from allFromMs up to the last one vibrated is there.
  const lastStart = starts[idx.at(-1)!]!;
  const due = starts.filter((s) => s >= allFromMs && s <= lastStart).length;
  expect(idx.filter((k) => starts[k]! >= allFromMs).length, seen).toBe(due);
  expect(due, seen).toBeGreaterThanOrEqual(2);
}

test('box session: one pulse in, a long one on each hold, two out, once per step', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await recordVibrations(page);
  await gotoHydrated(page, '/session/classic?pattern=box');
  await pressStart(page, { clock: false });
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale', { timeout: 10_000 });
  await page.waitForTimeout(17_000); // boundaries at 0, 4, 8, 12 and 16 s
  const box = [IN, LONG, OUT, LONG, IN, LONG].map((pattern) => ({ ms: 4000, pattern }));
  expectSteps(await calls(page), box, 4000);
});

test('a program (Cyclic Sighing): the top-up inhale is a short pulse, the exhale two', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await recordVibrations(page);
  await page.goto('/programs/physiological-sigh');
  await page.getByTestId('program-start').click();
  await expect(page.getByTestId('program-step')).toBeVisible();
  await page.waitForTimeout(12_000); // boundaries at 0, 2, 3, 9 and 11 s
  // Each vibration is the pattern of the step the screen then shows (Cyclic Sighing: inhale
  // 2 s, top-up 1 s, exhale 6 s), never the same step twice in a row, at least 5 in 12 s. On a
  // slow start the run is moved back onto the audio's clock and shows a step again: it is felt
  // again (seen here once under load). Not checked: that no shown step went unfelt.
  // A call made in the last 150 ms has not read the screen yet: left out.
  const made = (await calls(page)).filter((c) => c.shown !== undefined);
  const seen = JSON.stringify(
    made.map((c) => [Math.round(c.at - made[0]!.at), c.pattern, c.shown]),
  );
  const byStep: Record<string, number[]> = { Inhale: IN, 'Top-up inhale': SIP, Exhale: OUT };
  for (const c of made) expect(c.pattern, seen).toEqual(byStep[c.shown!]);
  expect(made.length, seen).toBeGreaterThanOrEqual(5);
  expect(new Set(made.map((c) => c.shown)).size, seen).toBe(3);
  made.slice(1).forEach((c, n) => expect(c.shown, seen).not.toBe(made[n]!.shown));
});
