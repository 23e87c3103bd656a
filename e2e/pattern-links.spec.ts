import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test, waitForServiceWorkerControl, linkPath } from './fixtures';

/**
 * Pattern links (/p/<payload>, docs/patterns-format.md) in Debian's Chromium against the
 * production build: a link opened offline in a fresh context (after one visit that installs the
 * service worker) previews, plays a classic session and saves to the library; malformed and
 * hostile links show what is wrong, never a crash or the link's text as markup.
 *
 * What it does not prove: links pasted through real chat apps (which may cut or re-encode
 * them), other engines (the codec is plain TypeScript with unit tests), a phone's share sheet.
 */

const TIDE = {
  name: 'Tide 2-1-2-1',
  description: 'Short and even, for a quick reset.',
  inhale: 2,
  hold: 1,
  exhale: 2,
  hold_after_exhale: 1,
  category: 'focus',
  benefits: ['Quick reset'],
};

test('a pattern link opened offline in a fresh context previews, plays and saves to the library', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // One visit installs the service worker; the link itself was never opened online.
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.goto(linkPath({ v: 1, kind: 'pattern', pattern: TIDE }));
  await expect(page.getByRole('heading', { level: 1, name: 'Tide 2-1-2-1' })).toBeVisible();
  await expect(page.getByText('2-1-2-1', { exact: true })).toBeVisible();
  await expect(page.getByText('Quick reset', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'pattern link preview');

  await page.getByRole('button', { name: 'Save to library' }).click();
  await expect(page.getByRole('button', { name: 'Saved to your library' })).toBeDisabled();

  await page.getByRole('button', { name: 'Practice now' }).click();
  await expect(page).toHaveURL(/\/session\/classic/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tide 2-1-2-1');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  // Real time: the countdown, then each phase of the linked timings in turn.
  const label = page.getByTestId('phase-label');
  await expect(label).toHaveText('Inhale', { timeout: 10_000 });
  await expect(label).toHaveText('Exhale', { timeout: 10_000 });
  await expect(label).toHaveText('Inhale', { timeout: 10_000 });
  // The breath clock's own record of the switches (src/features/session/timingProbe.ts): the
  // linked timings (a 1 s phase is too short to poll the screen for): hold 1 s, exhale 2 s,
  // hold after exhale 1 s, then the next inhale.
  const ui = await page.evaluate(() =>
    (window.__pneumaTiming?.ui ?? []).map((e) => ({ phase: e.phase, at: e.scheduledAt })),
  );
  const j = ui.findIndex((e) => e.phase === 'hold');
  expect(ui.slice(j, j + 4).map((e) => e.phase)).toEqual(['hold', 'exhale', 'pause', 'inhale']);
  expect(ui.slice(j + 1, j + 4).map((e, k) => Math.round(e.at - ui[j + k]!.at))).toEqual([
    1000, 2000, 1000,
  ]);

  // The saved copy is in the library, still offline.
  await page.goto('/patterns');
  await expect(page.getByRole('heading', { name: 'Tide 2-1-2-1' }).first()).toBeVisible();
  await context.setOffline(false);
  expect(errors).toEqual([]);
});

const LADDER = {
  version: 1,
  name: 'Linked ladder',
  description: 'Two breaths, then a short rest.',
  category: 'calm',
  segments: [
    {
      kind: 'breathe',
      phases: [
        { phase: 'inhale', seconds: 2 },
        { phase: 'exhale', seconds: 2 },
      ],
      cycles: 2,
    },
    { kind: 'rest', seconds: 5 },
  ],
};

test('a program link opened offline in a fresh context previews, plays and saves to your programs', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.goto(linkPath({ v: 1, kind: 'program', program: LADDER }));
  await expect(page.getByRole('heading', { level: 1, name: 'Linked ladder' })).toBeVisible();
  await expect(page.getByText('A program shared with you')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'program link preview');

  await page.getByRole('button', { name: 'Save to your programs' }).click();
  await expect(page.getByRole('button', { name: 'Saved to your programs' })).toBeDisabled();

  await page.getByTestId('program-start').click();
  await expect(page.getByTestId('program-step')).toHaveText('Inhale', { timeout: 10_000 });
  await expect(page.getByTestId('program-step')).toHaveText('Exhale', { timeout: 10_000 });

  // The saved copy is in the list, still offline, with its own link to pass on.
  await page.goto('/programs');
  const card = page.getByRole('list', { name: 'Your programs' }).getByRole('listitem');
  await expect(card.getByRole('heading', { name: 'Linked ladder' })).toBeVisible();
  const path = await card
    .getByRole('button', { name: 'Copy link: Linked ladder' })
    .getAttribute('data-program-link');
  await page.goto(path!);
  await expect(page.getByRole('heading', { level: 1, name: 'Linked ladder' })).toBeVisible();
  await context.setOffline(false);
  expect(errors).toEqual([]);
});

test('malformed and hostile links show what is wrong, never a crash', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  const cases: Array<[string, RegExp]> = [
    ['/p/not*base64', /damaged/],
    [`/p/${'A'.repeat(9000)}`, /too long/],
    [`/p/${Buffer.from('{"v":1,"kind":"pattern",').toString('base64url')}`, /damaged/],
    [
      linkPath({
        v: 1,
        kind: 'pattern',
        pattern: { ...TIDE, name: '<img src=x onerror=alert(1)>' },
      }),
      /markup/,
    ],
    [
      linkPath({ v: 1, kind: 'pattern', pattern: { ...TIDE, inhale: 86_400 } }),
      /Inhale can be at most 60 seconds/,
    ],
    [linkPath({ v: 9, kind: 'pattern', pattern: TIDE }), /newer version/],
    [linkPath({ v: 1, kind: 'program', program: {} }), /program cannot be opened/],
    [
      linkPath({
        v: 1,
        kind: 'program',
        program: { ...LADDER, segments: Array.from({ length: 61 }, () => LADDER.segments[1]) },
      }),
      /at most 60 segments/,
    ],
    [
      linkPath({ v: 1, kind: 'together', session: 'x', startsAt: 0, cycles: 1e9, pattern: TIDE }),
      /shared session link is not valid/,
    ],
  ];
  for (const [path, message] of cases) {
    await page.goto(path);
    const alert = page.getByRole('alert').filter({ hasText: 'This link can’t be opened' });
    await expect(alert, path.slice(0, 60)).toBeVisible();
    await expect(alert).toContainText(message);
    await expect(page.getByRole('link', { name: 'Browse patterns' })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'bad pattern link');
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toBe(0);
  expect(errors).toEqual([]);
});
