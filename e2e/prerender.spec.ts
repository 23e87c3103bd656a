import { readFileSync } from 'node:fs';
import { test, expect, waitForServiceWorkerControl } from './fixtures';
import { SESSION_MODES } from '../src/domain/sessionModes';

/**
 * Paint before JavaScript: every route of the route table is
 * served as HTML built from its components, so its heading and layout are there before any
 * script runs; offline, the service worker serves the same pages.
 */

/** The route table's full paths, read from the generated route tree (new routes count too). */
function routePaths(): string[] {
  const source = readFileSync('src/routeTree.gen.ts', 'utf8');
  const block = source.slice(source.indexOf('fullPaths:'), source.indexOf('fileRoutesByTo:'));
  const all = [...block.matchAll(/'([^']+)'/g)].map((m) => m[1]!.replace(/(.)\/$/, '$1'));
  return [...new Set(all)];
}

/** A page per route; a `$mode` route per session mode; other `$param` routes have no page. */
function pagePaths(): string[] {
  return routePaths().flatMap((p) => {
    if (p === '/session/$mode') return SESSION_MODES.map((m) => `/session/${m}`);
    return p.includes('$') ? [] : [p];
  });
}

test('every route is served as prerendered HTML with its heading before any script runs', async ({ browser, baseURL }) => {
  const paths = pagePaths();
  expect(paths.length).toBeGreaterThan(10);
  const noScript = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', baseURL });
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
    if (builtHeading === null) await expect(page.locator('main [role="status"]').first(), path).toBeAttached();
    await page.close();

    // The same page with its scripts: it hydrates without a mismatch and keeps the heading.
    const live = await withScript.newPage();
    live.on('pageerror', (e) => errors.push(`${path}: ${e.message}`));
    live.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|did not match|#418|#423|#425/i.test(m.text())) errors.push(`${path}: ${m.text()}`);
    });
    await live.goto(path);
    // React marks the root when hydration starts; a mismatch would be reported right after.
    await live.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));
    await live.waitForTimeout(250);
    // A time-of-day heading is built empty (the hour is unknown at build time) and filled in.
    const heading = live.locator('main h1').first();
    // A members' page sends a guest on to sign in once the app knows there is no session.
    if (builtHeading) {
      await expect
        .poll(async () => new URL(live.url()).pathname.startsWith('/auth') || ((await heading.textContent()) ?? '').trim() === builtHeading, { message: path })
        .toBe(true);
    }
    else if (builtHeading === '') await expect(heading, path).toHaveText(/^Good (morning|afternoon|evening|night)$/);
    await live.close();
  };
  // A few pages at a time (the machine is small; each page is independent).
  for (let i = 0; i < paths.length; i += 5) await Promise.all(paths.slice(i, i + 5).map(check));
  expect(errors).toEqual([]);
  await noScript.close();
  await withScript.close();
});

test('offline, the service worker serves the same prerendered pages, and the shell for the rest', async ({ page, context, request }) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  const paths = pagePaths();
  const online = new Map<string, string>();
  for (const path of paths) online.set(path, await (await request.get(path, { headers: { accept: 'text/html' } })).text());

  await context.setOffline(true);
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), path).toBe(true);
    expect(await response?.text(), path).toBe(online.get(path));
  }
  // A path without a page of its own: the app shell, rendered by the router in the browser.
  const shell = await page.goto('/no-such-page');
  expect(shell?.fromServiceWorker()).toBe(true);
  expect(await shell?.text()).toContain('<div id="root"></div>');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
