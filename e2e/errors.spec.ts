import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

/**
 * Errors and resilience in Chromium against the built app and the embedded backend:
 * a route that throws shows the full-page error and 'Try Again' recovers; an unhandled
 * rejection lands in the local error log and reaches POST /api/errors exactly once;
 * with the backend stopped the app keeps working and shows the offline notice, then
 * recovers by itself when the backend comes back.
 */

const OFFLINE_NOTICE =
  "You're offline. Sessions will sync when connection is restored. Core breathing features remain available.";

interface StoredError {
  id: number;
  message: string;
  severity: string;
  category: string;
  reported: boolean;
  context?: Record<string, unknown>;
}


/** Reads the app's local error log straight from IndexedDB. */
function readErrorLog(page: Page): Promise<StoredError[]> {
  return page.evaluate(
    () =>
      new Promise<StoredError[]>((resolve, reject) => {
        const open = indexedDB.open('pneuma');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains('errorLog')) {
            idb.close();
            resolve([]);
            return;
          }
          const req = idb.transaction('errorLog', 'readonly').objectStore('errorLog').getAll();
          req.onsuccess = () => {
            idb.close();
            resolve(req.result as StoredError[]);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

test.describe('errors and resilience', () => {
  // /error-test is a 404 in a production build unless the device has diagnostics on.
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => localStorage.setItem('pneuma.diagnostics', '1'));
  });
  test.describe('offline before anything is cached', () => {
    test.use({ serviceWorkers: 'block' });
    test("a route error while the error page's code cannot load shows 'Application Error'", async ({
      page,
      context,
    }) => {
      await gotoHydrated(page, '/error-test'); // this page's code is loaded; the error page's is not
      await context.setOffline(true); // from here no code can load
      // The offline notice shows only once the app's effects have run, the router's history
      // listener among them: a popstate sent before that is never seen (a flaky run did so).
      await expect(page.getByText("You're offline.", { exact: false })).toBeVisible();
      // In-app navigation to the same page, whose loader now fails once.
      await page.evaluate(() => {
        history.pushState(history.state, '', '/error-test?fail=once');
        window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      });
      await expect(page.getByRole('heading', { name: 'Application Error' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
      await expect(page.getByText('Something went wrong!')).toHaveCount(0);
    });
  });

  test("a route that throws shows the full-page error and 'Try Again' recovers", async ({
    page,
  }) => {
    await page.goto('/error-test?fail=once');
    const oops = page.getByRole('heading', { name: 'Oops! Something went wrong' });
    await expect(oops).toBeVisible();
    await expect(page.getByText('An unexpected error occurred. Please try again.')).toBeVisible();
    // the technical text is only under the details
    await expect(page.getByText('Simulated transient failure (error-test page)')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
    await expect(oops).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'full-page error');

    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'Error screen check' })).toBeVisible();
    await expect(oops).toHaveCount(0);

    // the failure was recorded locally, high severity
    await expect
      .poll(async () =>
        (await readErrorLog(page))
          .filter((r) => r.message.includes('Simulated transient failure'))
          .map((r) => r.severity),
      )
      .toEqual(['high']);
  });

  test('an unhandled rejection is stored locally and reaches /api/errors exactly once', async ({
    page,
  }) => {
    const marker = `e2e-unhandled-rejection-${Date.now()}`;
    const sent: Array<{ message: string; severity?: string }> = [];
    const statuses: number[] = [];
    page.on('request', (req) => {
      if (req.method() !== 'POST' || !new URL(req.url()).pathname.endsWith('/api/errors')) return;
      const body = req.postDataJSON() as {
        reports?: Array<{ message: string; severity?: string }>;
      } & { message?: string };
      for (const r of body.reports ?? [body as { message: string }])
        if (r.message.includes(marker)) sent.push(r);
      expect(req.headers()['authorization']).toMatch(/^Bearer \S+/);
    });
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && new URL(res.url()).pathname.endsWith('/api/errors'))
        statuses.push(res.status());
    });

    // The app's handlers listen once it has started (the heading is there before, prerendered).
    await gotoHydrated(page, '/');
    await page.evaluate((m) => {
      setTimeout(() => {
        void Promise.reject(new Error(m));
      }, 0);
    }, marker);

    // stored locally at once, with high severity
    await expect
      .poll(async () =>
        (await readErrorLog(page))
          .filter((r) => r.message === marker)
          .map((r) => [r.severity, r.context?.source]),
      )
      .toEqual([['high', 'unhandledrejection']]);
    // sent in the next batch (5 s), accepted by the server
    await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(1);
    expect(sent[0]).toMatchObject({ message: marker, severity: 'high' });
    await expect.poll(() => statuses.includes(202)).toBe(true);
    await expect
      .poll(async () => (await readErrorLog(page)).find((r) => r.message === marker)?.reported)
      .toBe(true);
    // and never again: wait past another batch window and a reload (which flushes the queue)
    await page.waitForTimeout(6_000);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(2_000);
    expect(sent).toHaveLength(1);
  });
});

/** Waits until the service worker controls the page; tolerates reloads on the way. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          if (await page.evaluate(() => Boolean(navigator.serviceWorker.controller))) return true;
          const active = await page.evaluate(async () =>
            Boolean((await navigator.serviceWorker.ready).active),
          );
          if (active) await page.reload();
          return false;
        } catch {
          return false; // the page navigated while we asked
        }
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(true);
}

/** A second server of our own (port 18751), so this test may stop and restart it. */
const OWN_PORT = 18751;

function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(OWN_PORT),
      HOST: '127.0.0.1',
      PNEUMA_DATA_DIR: dataDir,
      PNEUMA_RATE_LIMIT_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      reject(new Error(`server exited (${code}) before listening:\n${output}`)),
    );
    setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }, 10_000);
  });
}

test('with the backend stopped the app keeps working offline, shows the notice, and recovers by itself', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'pneuma-e2e-errors-'));
  let server = await startServer(dataDir);
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${OWN_PORT}` });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await waitForServiceWorker(page);
    await expect(page.getByRole('heading', { name: 'Transform your breathing' })).toBeVisible();
    const notice = page.getByText(OFFLINE_NOTICE);
    await expect(notice).toHaveCount(0);

    // the backend goes away; the app, served by its service worker, still opens and works
    await stopServer(server);
    const stoppedAt = Date.now();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Transform your breathing' })).toBeVisible();
    await expect(notice).toBeVisible({ timeout: 15_000 });
    test
      .info()
      .annotations.push({
        type: 'offline notice after reload (ms)',
        description: String(Date.now() - stoppedAt),
      });
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'offline notice');
    await page.goto('/patterns');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toHaveCount(0);

    // the backend returns: the notice goes by itself (re-check every 30 s while unreachable)
    server = await startServer(dataDir);
    const backAt = Date.now();
    await expect(notice).toBeHidden({ timeout: 45_000 });
    test
      .info()
      .annotations.push({
        type: 'recovered after the backend returned (ms)',
        description: String(Date.now() - backAt),
      });
  } finally {
    await context.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
