import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gotoHydrated, signUpFresh, test, waitForServiceWorkerControl } from './fixtures';
import { getLocalRow, getLocalRows } from './localDb';
import { pressStart, practiseClassicSession } from './practise';

/**
 * Your habit and your data (issue #36) in Chromium against `npm start`: a reminder and its
 * calendar file; the sessions CSV exported on one device and imported on a second (a new
 * browser context), none twice; practice without tracking leaves nothing in IndexedDB or
 * on the server; deleting the account leaves nothing of it on the device or the server
 * (read with the server's service-role key, which bypasses row-level security); a push
 * message delivered to the service worker (through Chromium's DevTools protocol) becomes a
 * notification. Does not prove: delivery through a real push service or subscribing to
 * one (the browser here has none; the server side is tests/server/push), what a tap on
 * the notification opens (no protocol call clicks it), nor how calendar apps import the file.
 */

test.use({ timezoneId: 'Europe/Paris' });

async function accessToken(page: Page): Promise<{ accessToken: string; userId: string }> {
  const s = await getLocalRow<{ accessToken: string; userId: string }>(page, 'authSession', 'current');
  if (!s) throw new Error('not signed in');
  return s;
}

/** Rows of a public table for a user, read as service_role (no row-level security). */
async function serverRows(request: APIRequestContext, table: string, filter: string): Promise<unknown[]> {
  const secrets = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, 'secrets.json'), 'utf8')) as { serviceRoleKey: string };
  const res = await request.get(`/rest/v1/${table}?${filter}`, {
    headers: { apikey: secrets.serviceRoleKey, authorization: `Bearer ${secrets.serviceRoleKey}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as unknown[];
}

async function downloadText(page: Page, button: string): Promise<{ text: string; path: string; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = (await download.path())!;
  return { text: readFileSync(path, 'utf8'), path, name: download.suggestedFilename() };
}

test('choose a reminder and download its calendar file', async ({ page }) => {
  await signUpFresh(page, 'habit-remind');
  await gotoHydrated(page, '/settings');
  const panel = page.getByRole('region', { name: 'Practice reminders' });
  await panel.getByLabel('Sat').check();
  await panel.getByLabel('Time').fill('21:15');
  await panel.getByLabel('Pattern').selectOption({ label: '4-7-8 Relaxation' });
  await panel.getByRole('button', { name: 'Add reminder' }).click();
  await expect(panel.getByRole('list', { name: 'Your reminders' })).toContainText('at 21:15');
  // What this device supports is said for each way.
  await expect(panel.getByTestId('push-support')).toHaveText(/^(Available on this device, turned off\.|Not on this browser: it has no Web Push\.)$/);

  const ics = await downloadText(page, 'Add to calendar (.ics)');
  expect(ics.name).toBe('pneuma-reminders.ics');
  expect(ics.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  const unfolded = ics.text.replace(/\r\n /g, '');
  expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(unfolded).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA');
  expect(unfolded).toMatch(/DTSTART;TZID=Europe\/Paris:\d{8}T211500\r\n/);
  expect(unfolded).toContain('TZID:Europe/Paris');
  expect(unfolded).toContain('BEGIN:VALARM');
  expect(unfolded).toMatch(/URL:http:\/\/127\.0\.0\.1:\d+\/session\/classic\?pattern=relaxation\r\n/);
});

test('export the sessions CSV and import it on a second device, none twice', async ({ page, browser }) => {
  await page.clock.install();
  await signUpFresh(page, 'habit-csv-a');
  await practiseClassicSession(page);
  const [original] = await getLocalRows<{ id: string; startTime: number; duration: number; cycleCount: number }>(page, 'sessions');
  await gotoHydrated(page, '/settings');
  const csv = await downloadText(page, 'Export sessions (CSV)');
  expect(csv.text.split('\r\n')[0]).toBe(
    'id,started_at,pattern_id,pattern,mode,duration_seconds,cycles,target_cycles,completed,breath_hold_seconds,stillness_score,score',
  );
  expect(csv.text).toContain(original!.id);
  // Every data cell is quoted (issue 42: no cell can turn into a formula in a ;-splitting locale).
  expect(csv.text).toMatch(
    /,"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+0[12]:00","box","Box Breathing","classic","160","10","10","true",/,
  );

  const second = await browser.newContext({ timezoneId: 'Europe/Paris' });
  const other = await second.newPage();
  try {
    await signUpFresh(other, 'habit-csv-b');
    await gotoHydrated(other, '/settings');
    const input = other.locator('.data-bundle input[type=file]');
    await input.setInputFiles(csv.path);
    const preview = other.getByRole('group', { name: 'Import preview' });
    await expect(preview).toContainText('1 session: import?');
    await preview.getByRole('button', { name: 'Import' }).click();
    await expect(other.getByText('Import complete: 1 session added.')).toBeVisible();
    const rows = await getLocalRows<{ id: string; startTime: number; duration: number; cycleCount: number }>(other, 'sessions');
    expect(rows.map((r) => [r.id, r.startTime, r.duration, r.cycleCount])).toEqual([
      [original!.id, original!.startTime, original!.duration, original!.cycleCount],
    ]);
    // The same file again adds nothing.
    await input.setInputFiles(csv.path);
    await expect(preview).toContainText('1 already on this device will be skipped.');
    await preview.getByRole('button', { name: 'Import' }).click();
    await expect(other.getByText('Import complete: 0 sessions added, 1 already on this device.')).toBeVisible();
    expect(await getLocalRows(other, 'sessions')).toHaveLength(1);
    // A foreign file says so.
    await input.setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from('Date,Amount\n2026-01-01,3\n') });
    await expect(other.getByText('This file is not a Pneuma export.')).toBeVisible();
  } finally {
    await second.close();
  }
});

test('practice without tracking leaves nothing in IndexedDB or on the server', async ({ page, request }) => {
  await page.clock.install();
  await signUpFresh(page, 'habit-notrack');
  const { userId } = await accessToken(page);
  await gotoHydrated(page, '/settings');
  await page.getByRole('switch', { name: 'Practice without tracking' }).click();
  await expect(page.getByText('On: new sessions are not kept.')).toBeVisible();

  await page.goto('/session/classic?pattern=box');
  await pressStart(page);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  await page.clock.runFor(160_500);
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();
  await expect(page.getByText('Not saved: practice without tracking is on.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'View Results' }).click();
  await expect(page.getByTestId('result-cycles')).toHaveText('10 / 10');
  await expect(page.getByTestId('results-untracked')).toBeVisible();

  expect(await getLocalRows(page, 'sessions')).toEqual([]);
  expect(await getLocalRows(page, 'recentPatterns')).toEqual([]);
  // Give the outbox its chances (it runs on start, online and visibility), then ask the server.
  await page.clock.runFor(30_000);
  expect(await serverRows(request, 'sessions', `user_id=eq.${userId}&select=id`)).toEqual([]);
});

test('delete the account: the dialog offers the export, then nothing of it is left', async ({ page, request }) => {
  await page.clock.install();
  await signUpFresh(page, 'habit-leave');
  const { userId, accessToken: token } = await accessToken(page);
  await practiseClassicSession(page);
  await expect.poll(async () => (await serverRows(request, 'sessions', `user_id=eq.${userId}&select=id`)).length, { timeout: 20_000 }).toBe(1);

  await gotoHydrated(page, '/profile');
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog');
  const exported = await downloadText(page, 'Export my data first');
  expect(JSON.parse(exported.text).sessions).toHaveLength(1);
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();

  // The device: no row of the account in any store.
  const leftovers = await page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('pneuma');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const found: string[] = [];
    for (const name of Array.from(db.objectStoreNames)) {
      const rows = await new Promise<unknown[]>((resolve) => {
        const req = db.transaction(name).objectStore(name).getAll();
        req.onsuccess = () => resolve(req.result as unknown[]);
      });
      for (const r of rows) if (JSON.stringify(r).includes(id)) found.push(name);
    }
    db.close();
    return found;
  }, userId);
  expect(leftovers).toEqual([]);
  expect(await page.evaluate((id) => Object.keys(localStorage).filter((k) => (localStorage.getItem(k) ?? '').includes(id) || k.includes(id)), userId)).toEqual([]);

  // The server: nothing of the user in the tables a client can name, and the token is dead.
  for (const table of ['sessions', 'patterns', 'users', 'user_preferences', 'social_posts']) {
    const filter = table === 'users' ? `id=eq.${userId}` : `user_id=eq.${userId}`;
    expect(await serverRows(request, table, `${filter}&select=*`), table).toEqual([]);
  }
  const config = (await (await request.get('/config.json')).json()) as { supabaseAnonKey: string };
  const dead = await request.get('/rest/v1/sessions?select=id', { headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${token}` } });
  expect(dead.status()).toBe(401);
});

test('the service worker shows a pushed reminder as a notification carrying the pattern link', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await gotoHydrated(page, '/');
  await waitForServiceWorkerControl(page);
  // Chromium's DevTools protocol delivers a push message to the registration, as a push
  // service would after decrypting (the encryption itself is tests/server/push).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const reg = e.registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(new URL(page.url()).origin));
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = { title: 'Time to breathe: Box Breathing', body: 'Weekdays at 07:30. Tap to start.', url: '/session/classic?pattern=box', tag: 'pneuma-reminder-r1' };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
      ),
    )
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: '/session/classic?pattern=box' } }]);
});
