import { expect, gotoHydrated, signUpFresh, test } from './fixtures';

/**
 * A program in the marketplace, against `npm start` in Chromium (docs/product.md § Programs):
 * a member makes a program at /create, publishes it from /programs; a guest in another
 * browser context finds it in the marketplace's Programs, opens it (its `/p/` link) and it
 * plays: the guide runs and the cue track, spoken step names included, sounds on the
 * <audio> element.
 *
 * Not proved here: a program in a course played by an enrolled student (the course day's
 * rules and progress are unit- and server-tested: tests/domain/instructor/courseProgram.test.ts,
 * tests/server/marketplace/programsSuite.ts), nor a real locked phone.
 */
test('a member publishes a program; a guest finds it in the marketplace, opens it and it plays', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const name = `Harbour Steps ${Math.floor(Math.random() * 1e6)}`;

  await signUpFresh(page, 'program-market');
  await gotoHydrated(page, '/create');
  await page.getByRole('button', { name: /Make a program/ }).click();
  await page.getByLabel('Program name').fill(name);
  await page.getByTestId('program-save').click();
  await expect(page).toHaveURL(/\/programs\/[0-9a-f-]+$/);

  await gotoHydrated(page, '/programs');
  await page.getByRole('button', { name: `Publish to marketplace: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Publish ${name}?` });
  await expect(confirm).toContainText('with your display name as its creator');
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`${name} is published in the marketplace`)).toBeVisible();

  // A guest, in a fresh context.
  const guest = await browser.newContext();
  const g = await guest.newPage();
  try {
    await gotoHydrated(g, '/marketplace');
    await g.getByLabel('Search patterns').fill(name);
    const card = g.getByRole('list', { name: 'Published programs' }).getByRole('article', { name });
    await expect(card).toContainText('1 segment');
    await card.getByRole('link', { name: `Open ${name}` }).click();
    await expect(g).toHaveURL(/\/p\//);
    await expect(g.getByRole('heading', { level: 1, name })).toBeVisible();
    await g.getByTestId('program-start').click();
    await expect(g.getByTestId('program-step')).toHaveText('Inhale');
    const audio = g.getByTestId('program-cue-track');
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0.2), { timeout: 15_000 })
      .toBe(true);
    expect(await g.evaluate(() => (window as unknown as { __pneumaCueTrack: { voice: boolean } }).__pneumaCueTrack.voice)).toBe(true);
    // The guide moves on with the program: 4 s in, then Hold.
    await expect(g.getByTestId('program-step')).toHaveText('Hold', { timeout: 10_000 });
  } finally {
    await guest.close();
  }
});
