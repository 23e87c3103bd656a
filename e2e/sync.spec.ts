import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { practiseClassicSession } from './practise';
import { expectNoSeriousA11yViolations } from './a11y';
import { getLocalRows, seedSignIn } from './localDb';

/**
 * Offline practice and sync, in Chromium against `npm start` (the built app and the
 * embedded backend): a signed-in user goes offline, practises two whole sessions in the
 * app (time fast-forwarded by Playwright's clock), the badge says Offline with 2 pending; back online both reach the server
 * exactly once, also when the tab was closed before reconnecting and reopened later.
 */

interface AuthSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at?: number;
  token_type: string;
  user: { id: string; email: string };
}

async function anonKey(request: APIRequestContext): Promise<string> {
  const res = await request.get('/config.json');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { supabaseAnonKey: string }).supabaseAnonKey;
}

/** Signs up through the Auth API, then hands the session to the app as a sign-in would. */
async function signUpAndSeed(page: Page, request: APIRequestContext): Promise<{ session: AuthSession; key: string }> {
  const key = await anonKey(request);
  const email = `sync-e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const res = await request.post('/auth/v1/signup', {
    headers: { apikey: key, 'content-type': 'application/json' },
    data: { email, password: 'correct horse 42' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const session = (await res.json()) as AuthSession;
  expect(session.access_token).toBeTruthy();
  await seedSignIn(page, session);
  return { session, key };
}

async function serverSessionIds(request: APIRequestContext, key: string, token: string): Promise<string[]> {
  const res = await request.get('/rest/v1/sessions?select=id', {
    headers: { apikey: key, authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }[]).map((r) => r.id);
}

/** Ids of this user's sessions on the device (read straight from IndexedDB). */
async function deviceSessions(page: Page): Promise<{ id: string; syncState: string }[]> {
  const rows = await getLocalRows<{ id: string; syncState: string }>(page, 'sessions');
  return rows.map(({ id, syncState }) => ({ id, syncState }));
}

/**
 * Waits until the service worker controls the page. The first install's `controlling`
 * event makes the app reload itself once, so the page is reloaded here too and only then
 * used (no evaluate can be cut off by that navigation).
 */
async function waitForControl(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
        } catch {
          return false; // the page was navigating
        }
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.waitForTimeout(500);
  await page.reload();
  await expect(page.getByTestId('sync-badge')).toBeVisible();
}

async function goOfflineWithTwoPending(page: Page, context: BrowserContext, request: APIRequestContext) {
  await page.clock.install();
  await page.goto('/');
  await waitForControl(page);
  const { session, key } = await signUpAndSeed(page, request);
  await page.reload();
  const badge = page.getByTestId('sync-badge');
  await expect(badge).toContainText('Online');

  await context.setOffline(true);
  await expect(badge).toContainText('Offline');
  // Two whole sessions in the app while offline (pages served by the service worker).
  await practiseClassicSession(page);
  await practiseClassicSession(page);
  // The completion screen keeps the app's chrome receded (immersive): back on home, the
  // header and its sync badge are there again.
  await page.goto('/');
  await expect(badge).toContainText('Offline');
  await expect(page.getByTestId('sync-pending')).toHaveText('2 pending');
  const onDevice = await deviceSessions(page);
  expect(onDevice.map((s) => s.syncState)).toEqual(['pending', 'pending']);
  expect(await serverSessionIds(request, key, session.access_token)).toEqual([]);
  return { session, key, ids: onDevice.map((s) => s.id), badge };
}

test.describe('offline sync', () => {
  test('two sessions completed offline reach the server exactly once after reconnecting', async ({ page, context, request }) => {
    const { session, key, ids, badge } = await goOfflineWithTwoPending(page, context, request);

    // The details view says the same.
    await badge.click();
    const dialog = page.getByRole('dialog', { name: 'Sync status' });
    await expect(dialog.getByTestId('sync-connection')).toHaveText(/Offline Mode/);
    await expect(dialog.getByTestId('sync-pending-count')).toHaveText('2');
    await expectNoSeriousA11yViolations(page, 'the sync status dialog', 'dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(badge).toBeFocused();

    await context.setOffline(false);
    await expect(badge).toContainText('Online');
    await expect(page.getByTestId('sync-pending')).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(() => serverSessionIds(request, key, session.access_token), { timeout: 15_000 }).toHaveLength(2);
    expect((await serverSessionIds(request, key, session.access_token)).sort()).toEqual([...ids].sort());

    // Reopening or syncing again never duplicates.
    await page.reload();
    await badge.click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByRole('dialog', { name: 'Sync status' }).getByTestId('sync-pending-count')).toHaveText('0');
    await expect(page.getByRole('dialog', { name: 'Sync status' }).getByTestId('sync-last')).toHaveText(/ago$|^Just now$/);
    expect(await serverSessionIds(request, key, session.access_token)).toHaveLength(2);
  });

  test('with the tab closed before reconnecting, the sessions arrive exactly once (Background Sync or the next start)', async ({
    page,
    context,
    request,
  }) => {
    const { session, key, ids } = await goOfflineWithTwoPending(page, context, request);
    await page.close();
    await context.setOffline(false);
    // Reopened later: whichever path ran first (the service worker's sync event or the app
    // start), the server holds each session once and the device has nothing pending.
    const again = await context.newPage();
    await again.goto('/');
    await expect(again.getByTestId('sync-badge')).toContainText('Online');
    await expect.poll(() => serverSessionIds(request, key, session.access_token), { timeout: 15_000 }).toHaveLength(2);
    await expect(again.getByTestId('sync-pending')).toHaveCount(0, { timeout: 15_000 });
    expect((await serverSessionIds(request, key, session.access_token)).sort()).toEqual([...ids].sort());
  });

  test('with no app page open, the service worker uploads on the Background Sync event', async ({ page, context, request, baseURL }) => {
    const { session, key, ids } = await goOfflineWithTwoPending(page, context, request);
    // The failed offline upload registered the outbox's Background Sync tag.
    const tags = await page.evaluate(async () => {
      const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync?: { getTags(): Promise<string[]> };
      };
      return reg.sync ? reg.sync.getTags() : [];
    });
    expect(tags).toContain('workbox-background-sync:pneuma-outbox');
    await page.close();
    await context.setOffline(false);

    // Chromium retries a failed sync event only minutes later, so the event is fired the
    // way DevTools' "Sync" button does it, from a blank tab (no app page is open).
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
        const reg = e.registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL!));
        if (reg) resolve(reg.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(baseURL!).origin,
      registrationId,
      tag: 'workbox-background-sync:pneuma-outbox',
      lastChance: false,
    });
    await expect.poll(() => serverSessionIds(request, key, session.access_token), { timeout: 15_000 }).toHaveLength(2);
    expect((await serverSessionIds(request, key, session.access_token)).sort()).toEqual([...ids].sort());
    expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);

    // Opening the app later: nothing pending, nothing sent twice.
    const again = await context.newPage();
    await again.goto('/');
    await expect(again.getByTestId('sync-badge')).toContainText('Online');
    await expect(again.getByTestId('sync-pending')).toHaveCount(0);
    expect(await serverSessionIds(request, key, session.access_token)).toHaveLength(2);
  });
});

test.describe('offline data bundle on /settings', () => {
  test('export downloads the JSON bundle; importing it again adds nothing; a bad file is named clearly', async ({ page, request }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForControl(page);
    await signUpAndSeed(page, request);
    await practiseClassicSession(page);

    await page.goto('/settings');
    const panel = page.getByRole('region', { name: 'Your data on this device' });
    await expect(panel).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^pneuma-offline-data-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(path, 'utf8');
    const bundle = JSON.parse(text) as { sessions: { id: string; patternName: string }[]; patterns: unknown[]; userPreferences: Record<string, unknown> };
    expect(bundle.sessions).toHaveLength(1);
    expect(bundle.sessions[0]?.patternName).toBe('Box Breathing');
    expect(bundle.userPreferences).toMatchObject({ defaultPattern: 'box', voiceEnabled: true, cameraEnabled: false });
    await expect(panel.getByRole('status')).toHaveText('Exported 1 session and 0 custom patterns.');

    const input = panel.getByLabel('Import data');
    await input.setInputFiles({ name: 'back.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    // The file is shown first; nothing changes until Import.
    const preview = panel.getByRole('group', { name: 'Import preview' });
    await expect(preview).toBeVisible();
    await preview.getByRole('button', { name: 'Import' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      'Import complete: 0 sessions added, 1 already on this device. Preferences applied.',
    );
    expect(await deviceSessions(page)).toHaveLength(1);

    await input.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ sessions: [{ id: 'x', patternId: 'box', patternName: 'Box', startTime: 'soon' }], patterns: [] })),
    });
    await expect(panel.getByRole('alert')).toContainText(
      'This file is not a Pneuma export. Choose a file saved with “Export data”.',
    );
  });
});
