import { readFileSync } from 'node:fs';
import { test, expect, gotoHydrated, waitForServiceWorkerControl } from './fixtures';
import { holdScripts } from './holdScripts';
import { SESSION_MODES } from '../src/domain/sessionModes';
import { pageFileFor } from '../src/contracts/pages';

/**
 * Paint before JavaScript: every route of the route table is
 * served as HTML built from its components, so its heading and layout are there before any
 * script runs; offline, the service worker serves the same pages (an on-demand screen's once
 * visited; the app shell before that).
 */

/** The route table's full paths, read from the generated route tree (new routes count too). */
function routePaths(): string[] {
  const source = readFileSync('src/routeTree.gen.ts', 'utf8');
  const block = source.slice(source.indexOf('fullPaths:'), source.indexOf('fileRoutesByTo:'));
  const all = [...block.matchAll(/'([^']+)'/g)].map((m) => m[1]!.replace(/(.)\/$/, '$1'));
  return [...new Set(all)];
}

/**
 * A page per route; a `$mode` route per session mode; other `$param` routes have no page, and
 * neither has `/session`, which only sends the visitor on to a session's own page
 * (src/routes/session/index.tsx; foundation.spec follows that redirect).
 */
function pagePaths(): string[] {
  return routePaths().flatMap((p) => {
    if (p === '/session') return [];
    if (p === '/session/$mode') return SESSION_MODES.map((m) => `/session/${m}`);
    return p.includes('$') ? [] : [p];
  });
}

test('every route is served as prerendered HTML with its heading before any script runs', async ({
  browser,
  baseURL,
}) => {
  // Every route twice (without and with its scripts): on a loaded 2-core machine each hydration
  // took 2-9 s, and the 90 s of one test ran out (each page alone hydrates, /results in 3.7 s).
  test.setTimeout(180_000);
  const paths = pagePaths();
  expect(paths.length).toBeGreaterThan(10);
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    serviceWorkers: 'block',
    baseURL,
  });
  const withScript = await browser.newContext({ serviceWorkers: 'block', baseURL });
  const errors: string[] = [];
  const check = async (path: string) => {
    const page = await noScript.newPage();
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('#root'), path).toHaveAttribute('data-prerendered', path);
    await expect(page.getByRole('main'), path).toBeVisible();
    // The heading, or (on a page whose heading names what it loads from this device's
    // database: a session's pattern, the person's progress) the layout with a loading status.
    const h1 = page.locator('main h1').first();
    const builtHeading = (await h1.count()) ? ((await h1.textContent()) ?? '').trim() : null;
    if (builtHeading === null)
      await expect(page.locator('main [role="status"]').first(), path).toBeAttached();
    await page.close();

    // The same page with its scripts: it hydrates without a mismatch and keeps the heading.
    const live = await withScript.newPage();
    live.on('pageerror', (e) => errors.push(`${path}: ${e.message}`));
    live.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|did not match|#418|#423|#425/i.test(m.text()))
        errors.push(`${path}: ${m.text()}`);
    });
    await live.goto(path);
    // React marks the root when hydration starts; a mismatch would be reported right after.
    await live.waitForFunction(() =>
      Object.keys(document.getElementById('root') ?? {}).some((k) =>
        k.startsWith('__reactContainer'),
      ),
    );
    await live.waitForTimeout(250);
    // A time-of-day heading is built empty (the hour is unknown at build time) and filled in.
    const heading = live.locator('main h1').first();
    // A members' page sends a guest on to sign in once the app knows there is no session.
    if (builtHeading) {
      await expect
        .poll(
          async () =>
            new URL(live.url()).pathname.startsWith('/auth') ||
            ((await heading.textContent()) ?? '').trim() === builtHeading,
          { message: path },
        )
        .toBe(true);
    } else if (builtHeading === '')
      await expect(heading, path).toHaveText(/^Good (morning|afternoon|evening|night)$/);
    await live.close();
  };
  // A few pages at a time (the machine is small; each page is independent).
  for (let i = 0; i < paths.length; i += 5) await Promise.all(paths.slice(i, i + 5).map(check));
  expect(errors).toEqual([]);
  await noScript.close();
  await withScript.close();
});

test('offline, the service worker serves the same prerendered pages, and the shell for the rest', async ({
  page,
  context,
  request,
}) => {
  // The pages of on-demand screens (community, marketplace, courses: the precache policy's
  // list) are not precached: the service worker asks the network first and keeps the last copy.
  const report = (await (await request.get('/precache-report.json')).json()) as {
    onDemand: Record<string, string>;
  };
  const onDemandPage = (path: string) => pageFileFor(path) in report.onDemand;
  const visited = '/marketplace';
  expect(onDemandPage(visited)).toBe(true);
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  const paths = pagePaths();
  expect(paths.filter(onDemandPage).length).toBeGreaterThan(2);
  const online = new Map<string, string>();
  for (const path of paths)
    online.set(path, await (await request.get(path, { headers: { accept: 'text/html' } })).text());
  const shellHtml = await (
    await request.get('/no-such-page', { headers: { accept: 'text/html' } })
  ).text();
  // One on-demand screen visited online, through the service worker.
  await page.goto(visited);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.goto('/');

  await context.setOffline(true);
  for (const path of paths) {
    // A page of its own for each: an on-demand screen's offline reload (below) stays in it.
    const tab = await context.newPage();
    const response = await tab.goto(path);
    expect(response?.fromServiceWorker(), path).toBe(true);
    await tab.close();
  }
  // The bodies as the service worker serves them, read through the fetch of a page that stays
  // put: a page whose screen is loaded on demand (not precached, e.g. /community) reloads once
  // offline when its chunk cannot load, which discards its navigation's body. The precache
  // answers any request for its pages; the on-demand page visited is in the pages' cache.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const precachedPaths = paths.filter((p) => !onDemandPage(p));
  const served = await page.evaluate(
    (all) =>
      Promise.all(
        all.map((p) => fetch(p, { headers: { accept: 'text/html' } }).then((r) => r.text())),
      ),
    precachedPaths,
  );
  precachedPaths.forEach((path, i) => expect(served[i], path).toBe(online.get(path)));
  const kept = await page.evaluate(
    async (path) => (await (await caches.open('pneuma-pages')).match(path))?.text() ?? null,
    visited,
  );
  expect(kept, visited).toBe(online.get(visited));
  // An on-demand screen never visited opens offline in the app shell (below, as any path without a page).
  expect(online.get('/community')).not.toBe(shellHtml);
  // A path without a page of its own: the app shell, rendered by the router in the browser.
  const shell = await page.goto('/no-such-page');
  expect(shell?.fromServiceWorker()).toBe(true);
  expect(await shell?.text()).toContain('<div id="root"></div>');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("a session page paints the first visit's pattern from HTML, and holds it hidden for someone who chose another", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL });
  const page = await context.newPage();
  const title = page.locator('#presession-title');

  // A first visit: nothing chosen, so the built card (the default, Box Breathing) shows
  // before any script has run.
  let release = await holdScripts(page);
  // Not until 'load': the held loader is a deferred script, which load waits for.
  await page.goto('/session/classic', { waitUntil: 'commit' });
  await expect(title).toHaveText('Box Breathing');
  await expect(title).toBeVisible();
  await release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // Choose 4-7-8 Relaxation in the library (stored, and remembered for the next visit).
  await gotoHydrated(page, '/patterns');
  await page.getByRole('button', { name: 'Use pattern: 4-7-8 Relaxation' }).first().click();
  await expect(page).toHaveURL(/\/session\/classic\?pattern=relaxation/);

  // The next plain visit: the built Box Breathing card stays hidden until the app has read
  // the choice, then the chosen pattern shows.
  release = await holdScripts(page);
  await page.goto('/session/classic', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-pattern-hold', '');
  await expect(title).toHaveText('Box Breathing');
  await expect(title).toBeHidden();
  await release();
  await expect(title).toHaveText('4-7-8 Relaxation');
  await expect(title).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-pattern-hold', '');
  await context.close();
});

test("a members' page shows a guest its heading at first paint, and a signed-in device its loading status", async ({
  browser,
  baseURL,
}) => {
  // /profile (guests' /progress shows their own sessions now: docs/product.md § Around the practice).
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL });
  const page = await context.newPage();
  const heading = page.getByRole('heading', { level: 1, name: 'Profile' });
  const loading = page.getByRole('main').getByRole('status');

  // A guest, before any script has run: the heading.
  let release = await holdScripts(page);
  await page.goto('/profile', { waitUntil: 'commit' });
  await expect(heading).toBeVisible();
  // Then the app sends the guest on to sign in.
  await release();
  await expect(page).toHaveURL(/\/auth\?/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // The guest signs up there and is taken on to the profile; from now on this device's
  // first paint shows the loading status instead.
  await page
    .getByLabel('Email')
    .fill(`prepaint-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('correct horse 42');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  release = await holdScripts(page);
  await page.goto('/profile', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-signed-in', '');
  await expect(loading).toBeVisible();
  await release();
  await expect(heading).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await context.close();
});
