import type { Locator } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';
import { practiseClassicSession } from './practise';

/**
 * Counts on screen say something real (issue 44 item 7: 'CO2 Table' read '0 of 0 breath
 * cycles'): a breath-hold table counts its holds from the moment it starts, and says a
 * step's length once (it read '120' and '120 s').
 *
 * Not proved here: that a ramping program's visible length reads well beside its countdown; the count later in the table (tests/domain/programs/progressCount.test.ts
 * walks it hold by hold on the timeline), nor programs of retentions only (no count shown).
 */
for (const width of [390, 1440]) {
  test(`at ${width} px a CO2 table starts at '0 of 8 holds', never '0 of 0'`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height: width === 390 ? 844 : 900 },
    });
    const page = await context.newPage();
    await gotoHydrated(page, '/programs/co2-table');
    await expect(page.getByRole('heading', { name: 'CO2 Table' })).toBeVisible();
    await page.getByTestId('program-start').click();
    await expect(page.getByTestId('program-progress')).toHaveText('0 of 8 holds');
    await expect(page.getByText(/\b0 of 0\b/)).toHaveCount(0);
    // The step's length is said once on screen: the countdown ('120'), not '120 s' under it too
    // (the length stays for screen readers, which do not hear the countdown).
    await expect(page.getByTestId('program-countdown')).toBeVisible();
    await expect(page.getByTestId('program-step-length')).toHaveClass('visually-hidden');
    await page.screenshot({ path: test.info().outputPath(`co2-table-${width}.png`) });
    await page.getByTestId('program-stop').click();
    await context.close();
  });
}

test('at 1440 px the Session Preview shows all four phases of box breathing', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await gotoHydrated(page, '/');
  await page.getByRole('tab', { name: 'Select Pattern' }).click();
  await page.getByRole('button', { name: /^Box Breathing/ }).click();
  const phases = page.getByTestId('preview-phases');
  await expect(phases.locator('dt')).toHaveText(['Inhale', 'Hold', 'Exhale', 'Hold']);
  await expect(phases.locator('dd')).toHaveText(['4s', '4s', '4s', '4s']);
  await page.screenshot({ path: test.info().outputPath('home-preview-1440.png') });
  await context.close();
});

/**
 * Before a choice nothing floats over the pattern cards; after one, the bar with the Start
 * lies under the cards in the page's flow: scrolled so that a card sits just above the
 * bottom bar (where a bar stuck to the bottom lay), every point down the card is the card.
 * Not proved here: other engines' sticky positioning, or the wider layouts (their preview is
 * a side panel).
 */
async function coveredPoints(card: Locator): Promise<string[]> {
  // The card's bottom just above the bottom bar, where a bar stuck to the bottom would lie.
  await card.evaluate((el) => {
    const nav = document.querySelector('nav[aria-label="Bottom"]')?.getBoundingClientRect();
    const floor = nav && nav.height > 0 ? nav.top : innerHeight;
    window.scrollBy(0, el.getBoundingClientRect().bottom - (floor - 10));
  });
  // Every point down the card's middle, above the bottom bar, is the card itself.
  return card.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const nav = document.querySelector('nav[aria-label="Bottom"]')?.getBoundingClientRect();
    const bottom = Math.min(r.bottom, nav && nav.height > 0 ? nav.top : innerHeight) - 1;
    const hits: string[] = [];
    for (let y = Math.max(r.top, 0) + 1; y < bottom; y += 8) {
      const hit = document.elementFromPoint(r.left + r.width / 2, y);
      if (hit && !el.contains(hit)) hits.push(`${Math.round(y)}: ${hit.className}`);
    }
    return hits;
  });
}

test('at 390 px nothing floats over the pattern cards, before or after a choice', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await gotoHydrated(page, '/');
  // The first pattern card, where the empty bar used to sit (the goal cards are above it).
  const mobile = page.locator('.home-mobile');
  const box = mobile.getByRole('button', { name: /^Box Breathing/ });
  expect(await coveredPoints(box)).toEqual([]);
  await page.getByRole('button', { name: /Reduce Stress/ }).click();
  await expect(page.getByRole('link', { name: 'Start Classic Session' })).toBeVisible();
  // Both of the goal's pattern cards, with the bar holding the Start now shown.
  for (const name of [/^Box Breathing/, /^4-7-8 Relaxation/]) {
    const card = mobile.getByRole('button', { name });
    expect(await coveredPoints(card), String(name)).toEqual([]);
  }
  await page.screenshot({ path: test.info().outputPath('home-chosen-390.png') });
  await context.close();
});

/**
 * A returning visitor's home is about their practice (issue 44 item 1): 'Welcome back', not
 * the first visit's headline, and the goal and pattern choices folded behind 'Choose another
 * practice' until asked for. Not proved here: other screens' repeats, a signed-in member's
 * name in the line (e2e/discovery-data.spec.ts), the hint-driven first paint
 * (e2e/first-paint-layout.spec.ts).
 */
test('a returning visitor’s home names the last pattern once', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.clock.install();
  await practiseClassicSession(page);
  await gotoHydrated(page, '/');
  await expect(page.getByTestId('breathe-again')).toHaveText('Practice again: Box Breathing');
  await expect(page.getByTestId('home-last-session')).toHaveText('Today');
  const hero = page.locator('.home-hero');
  await expect(hero.getByText('Box Breathing')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('Welcome back');
  await expect(page.getByText('Transform your breathing')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Choose Goal' })).toBeHidden();
  const open = page.getByRole('button', { name: 'Choose another practice' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await page.screenshot({ path: test.info().outputPath('home-returning-390.png') });
  await expectNoSeriousA11yViolations(page, 'returning home, choices folded');
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name: 'Choose Goal' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'returning home, choices open');
  await context.close();
});

/**
 * At 10:00 box is one of the hour's two recommendations. Not proved here: the Quick Start's
 * box button and the list's card still name it (one button, one card above the list).
 */
test('the pattern library shows one card of box above its list', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(2026, 10, 29, 10, 0, 0));
  await gotoHydrated(page, '/patterns');
  await expect(page.getByRole('heading', { name: 'Recommended for now' })).toBeVisible();
  const cards = page.getByRole('heading', { level: 3, name: 'Box Breathing', exact: true });
  const inList = page.getByRole('tabpanel').getByRole('heading', {
    level: 3,
    name: 'Box Breathing',
    exact: true,
  });
  await expect(inList).toHaveCount(1);
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('tabpanel').getByText('Featured', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('library-1440.png'), fullPage: true });
  await context.close();
});
