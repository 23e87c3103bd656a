import { test, expect, gotoHydrated } from './fixtures';

/**
 * Ending on a full breath (issue #47, item 5), in real Chromium, in real time: a program with
 * a time limit (box 1-1-1-1 for 7 s, opened from a program link) shows its steps and ends
 * after an exhale, not after the hold on empty lungs: two breaths, the second ending on its
 * exhale at 7 s (the old rule, whole cycles, stopped after one cycle at 4 s, on 'Hold empty').
 *
 * Not proved here: any other program (the rule's unit tests cover ramps and the built-ins),
 * or the sound (the cue track is rendered from the same timeline).
 */
test('a timed box program ends after an exhale: Inhale, Hold, Exhale, Hold empty, Inhale, Hold, Exhale, then the results', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // A program link (`/p/` + base64url of the link's JSON: src/domain/links/patternLink.ts).
  const program = {
    version: 1,
    name: 'Seven seconds of box',
    description: 'Box 1-1-1-1 with a time limit.',
    category: 'calm',
    segments: [
      {
        kind: 'breathe',
        phases: [
          { phase: 'inhale', seconds: 1 },
          { phase: 'hold', seconds: 1 },
          { phase: 'exhale', seconds: 1 },
          { phase: 'pause', seconds: 1 },
        ],
        seconds: 7,
      },
    ],
  };
  const json = JSON.stringify({ v: 1, kind: 'program', program });
  const path = `/p/${Buffer.from(json).toString('base64url')}`;
  await gotoHydrated(page, path);
  await page.evaluate(() => {
    const w = window as unknown as { __steps: string[] };
    w.__steps = [];
    new MutationObserver(() => {
      const step = document.querySelector('[data-testid="program-step"]')?.textContent ?? '';
      if (step && w.__steps.at(-1) !== step) w.__steps.push(step);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('program-start').click();
  await expect(page).toHaveURL(/\/results\?id=/, { timeout: 30_000 });
  const steps = await page.evaluate(() => (window as unknown as { __steps: string[] }).__steps);
  // The screen says 'Done' when the run is over, just before the results open.
  expect(steps).toEqual([
    'Inhale',
    'Hold',
    'Exhale',
    'Hold empty',
    'Inhale',
    'Hold',
    'Exhale',
    'Done',
  ]);
});
