import { readFileSync } from 'node:fs';
import { test, expect, gotoHydrated, waitForServiceWorkerControl } from './fixtures';

/** Every route of the route table and the heading it must render (docs/product.md § Discovery). */
const ROUTES: Array<[string, RegExp]> = [
  ['/', /Transform your breathing/],
  ['/enhanced', /Transform your breathing/],
  ['/session', /./],
  ['/session/classic', /./],
  ['/session/enhanced', /./],
  ['/session/mobile', /./],
  ['/results', /./],
  ['/patterns', /./],
  ['/marketplace', /./],
  ['/create', /./],
  ['/create-post', /./],
  ['/community', /./],
  ['/progress', /./],
  ['/profile', /./],
  ['/auth', /Welcome/],
  ['/onboarding', /Welcome/],
  ['/instructor-onboarding', /./],
  ['/creator-dashboard', /./],
];

test.describe('app shell', () => {
  for (const [path, heading] of ROUTES) {
    test(`${path} renders its own heading`, async ({ page }) => {
      await page.goto(path);
      const h1 = page.getByRole('heading', { level: 1 }).first();
      await expect(h1).toBeVisible();
      await expect(h1).toHaveText(heading);
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0);
    });
  }

  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown session mode redirects to the classic session, as /session does', async ({
    page,
  }) => {
    await page.goto('/session/turbo');
    await expect(page).toHaveURL(/\/session\/classic$/);
  });

  test('auth screens render outside the main layout', async ({ page }) => {
    await page.goto('/auth?context=progress');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.goto('/patterns');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  });

  test('guest header shows Sign In and hides signed-in links', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/patterns');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Practice' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Teach' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Progress' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Marketplace' })).toHaveCount(0);
    await page.goto('/');
    await expect(nav.getByRole('link', { name: 'Teach' })).toHaveCount(0);
  });

  test('mobile: bottom navigation and slide-out menu; hidden on session screens', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto('/patterns');
    const bottom = page.getByRole('navigation', { name: 'Bottom' });
    await expect(bottom).toBeVisible();
    await expect(bottom.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    // The play button, docked in the bar, starts the pattern shown (none chosen yet: box).
    await expect(bottom.getByRole('link', { name: 'Practice now: Box Breathing' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
    // The bottom navigation's layout is chosen in Settings (the menu leads there).
    await menu.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByLabel(/Practice first/).check();
    await expect(bottom.getByRole('link', { name: 'Marketplace' })).toBeVisible();
    await page.goto('/session/classic');
    await expect(page.getByRole('navigation', { name: 'Bottom' })).toHaveCount(0);
    await context.close();
  });
});

test('the narrowest phone (320 px): no page is wider than the screen, the header keeps one line', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 320, height: 640 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  for (const path of [
    '/',
    '/patterns',
    '/session',
    '/marketplace',
    '/create',
    '/community',
    '/courses',
    '/auth',
    '/instructor-onboarding',
  ]) {
    await gotoHydrated(page, path);
    await expect(page.locator('main h1').first(), path).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} is ${overflow} px wider than the screen`).toBeLessThanOrEqual(0);
  }
  // The header keeps one line: the menu button sits beside the brand, on screen.
  const brand = (await page.locator('header .brand').boundingBox())!;
  const menuButton = (await page.getByRole('button', { name: 'Open menu' }).boundingBox())!;
  expect(Math.abs(menuButton.y - brand.y), "the menu button on the brand's line").toBeLessThan(
    brand.height,
  );
  expect(menuButton.x + menuButton.width, 'the menu button on screen').toBeLessThanOrEqual(320);
  await context.close();
});

test.describe('install and offline', () => {
  test('the manifest meets Chrome installability criteria', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await request.get(href!);
    expect(res.ok()).toBe(true);
    const manifest = (await res.json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
      shortcuts: Array<{ url: string }>;
    };
    expect(manifest).toEqual(JSON.parse(readFileSync('manifest.webmanifest', 'utf8')));
    expect(manifest.name).toBe('Pneuma');
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.start_url).toBe('/');
    expect(['standalone', 'fullscreen', 'minimal-ui']).toContain(manifest.display);
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find(
        (i) => i.sizes === size && (i.purpose ?? 'any').includes('any'),
      );
      expect(icon, `icon ${size}`).toBeTruthy();
      const img = await request.get(icon!.src);
      expect(img.headers()['content-type']).toContain('image/png');
      const body = await img.body();
      // PNG signature and the IHDR width/height match the declared size
      expect(body.subarray(1, 4).toString()).toBe('PNG');
      const [w, h] = size.split('x').map(Number);
      expect(body.readUInt32BE(16)).toBe(w);
      expect(body.readUInt32BE(20)).toBe(h);
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    expect(manifest.shortcuts.some((s) => s.url === '/session/classic?pattern=box')).toBe(true);

    // Chrome's own verdict. Playwright's contexts are incognito ones, which Chrome never
    // installs from; every other reason must be absent.
    await waitForServiceWorkerControl(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(
      installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
    ).toEqual([]);
  });

  test('the service worker controls the page and every route opens offline', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain(
      '/sw.js',
    );
    await context.setOffline(true);
    for (const path of [
      '/',
      '/patterns',
      '/session/classic',
      '/progress',
      '/create',
      '/results',
      '/no/such/page',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await context.setOffline(false);
  });
});
