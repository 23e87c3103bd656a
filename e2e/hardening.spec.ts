import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, waitForServiceWorkerControl } from './fixtures';

/**
 * Hardening in Chromium against `npm start`: a lost password is reset through the link of
 * the mail the server wrote (no SMTP server here: an .eml file under the data folder), and
 * the app runs under its Content-Security-Policy with no violation on any route.
 */

const PASSWORD = 'correct horse 42';
const NEW_PASSWORD = 'a calmer breath 2026';
const uniqueEmail = (tag: string) =>
  `hard-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** The body of an .eml file as text (quoted-printable soft breaks and escapes undone). */
function decodeQuotedPrintable(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the newest mail to `to` in DATA_DIR/mail and returns its verify link. */
async function mailedLink(to: string): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  let link = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.eml'))
          .sort();
        for (const f of files.reverse()) {
          const text = decodeQuotedPrintable(await readFile(join(dir, f), 'utf8'));
          if (!text.includes(`To: ${to}`)) continue;
          link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(text)?.[1] ?? '';
          return link;
        }
        return '';
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

async function signUpByApi(page: Page, email: string): Promise<void> {
  const key = (
    (await (await page.request.get('/config.json')).json()) as { supabaseAnonKey: string }
  ).supabaseAnonKey;
  const r = await page.request.post('/auth/v1/signup', {
    headers: { apikey: key },
    data: { email, password: PASSWORD },
  });
  expect(r.status(), await r.text()).toBe(200);
}

test('forgot password: the link from the written mail sets a new password, then sign in with it', async ({
  page,
}) => {
  const email = uniqueEmail('reset');
  await signUpByApi(page, email);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account uses that address, a reset link is on its way. Check your inbox.',
  );

  const link = await mailedLink(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // the reset session's tokens do not stay in the address bar
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('Your password has been changed. Sign in with your new password.'),
  ).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Successfully logged in!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // the link worked once
  await page.goto(link);
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
    'href',
    '/auth?mode=forgot',
  );
});

const ROUTES = [
  '/',
  '/auth',
  '/auth?mode=forgot',
  '/onboarding',
  '/session',
  '/session/classic',
  '/session/enhanced',
  '/enhanced',
  '/results',
  '/patterns',
  '/create',
  '/create-post',
  '/community',
  '/marketplace',
  '/progress',
  '/profile',
  '/instructor-onboarding',
  '/creator-dashboard',
];

test('the app runs under its Content-Security-Policy with no violation on any route', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text()))
      violations.push(`${page.url()}: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI}`);
    });
  });
  const first = await page.goto('/');
  const csp = first!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp).toContain("frame-ancestors 'none'");
  await waitForServiceWorkerControl(page);

  // signed in, so the account pages render their content rather than a gate
  const email = uniqueEmail('csp');
  await signUpByApi(page, email);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Successfully logged in!')).toBeVisible();

  for (const route of ROUTES) {
    const res = await page.goto(route);
    // served by the service worker after the first visit, or by the server: either way the page ran
    if (res && res.headers()['content-type']?.startsWith('text/html') && !res.fromServiceWorker()) {
      expect(res.headers()['content-security-policy'], route).toBe(csp);
    }
    // let the route's lazy chunks, workers and requests run
    await page.waitForLoadState('load');
    await page.waitForTimeout(700);
  }
  expect(violations).toEqual([]);
});
