import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import {
  FAKE_MODEL_REPORTED,
  FAKE_SESSION_ANSWER,
  startFakeProviders,
  type FakeProviders,
} from '../tests/server/coach/fakeProviders';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, openControlled, test } from './fixtures';
import { openResults, pressStart } from './practise';
import { getLocalRow } from './localDb';

/**
 * AI coaching in Chromium against the production build.
 * 1. The e2e server has no provider key: adaptive encouragement appears during the session;
 *    a completed session's results show the on-device analysis (labelled so) with
 *    suggestions and next steps, no analysis request is made, and (the fixture checks) no
 *    request leaves the machine.
 * 2. A second server started here with PNEUMA_AI_OPENAI_* pointing at the loopback fake of
 *    OpenAI's API (tests/server/coach/fakeProviders.ts): a signed-in user's results show the
 *    on-device analysis at once, then the provider's analysis replaces it, naming the
 *    provider and the model; a suggested pattern is saved and syncs to the account; the
 *    profile's 'On this device only' sends nothing; a provider that keeps failing leaves
 *    the on-device analysis with the reason.
 */

const PASSWORD = 'correct horse 42';

/** Starts a classic box session (10 cycles of 16 s) with the clock under the test's control. */
async function startBoxSession(page: Page, origin = '', query = '') {
  await page.goto(`${origin}/session/classic?pattern=box${query}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Box Breathing');
  await pressStart(page);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
}

/** Runs the started session to its end and opens its results. */
async function finishToResults(page: Page, elapsedMs = 0) {
  await page.clock.runFor(160_500 - elapsedMs);
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();
  await openResults(page);
  // The analysis sits below 'More'.
  await page.getByTestId('results-more').locator('summary').click();
}

const isAnalysisPost = (r: Request) =>
  r.method() === 'POST' && new URL(r.url()).pathname === '/api/ai-analysis';

test('without provider keys, a completed session gets a labelled on-device analysis and nothing is sent', async ({
  page,
}) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (isAnalysisPost(r)) posts.push(r.url());
  });
  await page.clock.install();
  await openControlled(page, '/session/classic?pattern=box');
  // Adaptive encouragement, on the device: without a camera the first note comes at most
  // 25 s in (progress under 25 %) and speaks of settling in, never of stillness.
  await startBoxSession(page, '', '&flow=adaptive');
  await page.clock.runFor(25_500);
  await expect(page.locator('.encouragement')).toHaveText(/^(Settle in\.|Soften your shoulders)/);
  await finishToResults(page, 25_500);

  // The session's one score and the analysis are below 'More' (opened by finishToResults).
  await expect(page.getByTestId('session-score')).toContainText('100/100');
  const card = page.getByTestId('coach-card');
  await expect(card.getByTestId('coach-source')).toHaveText('On-device analysis');
  await expect(card.getByTestId('coach-status')).toHaveText(
    'Analyzed on this device. Nothing was sent.',
  );
  await expect(card.getByTestId('coach-score-overall')).toHaveCount(0);
  await expect(card.getByTestId('coach-score-consistency')).toContainText('100%');
  await expect(card.getByTestId('coach-score-focus')).toContainText('Not measured');
  await expect(card.getByTestId('coach-suggestions').getByRole('listitem')).not.toHaveCount(0);
  await expect(card.getByTestId('coach-next-steps').getByRole('listitem')).not.toHaveCount(0);
  await expect(card).toContainText('Box Breathing: 10 of 10 cycles in 2:40.');
  await expect(page.getByTestId('coach-pattern-device')).toContainText(
    'Longer exhale: Box Breathing',
  );
  await expect(page.getByRole('button', { name: /^Ask .* for a pattern$/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'results with the on-device analysis');
  expect(posts).toEqual([]);
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The Pneuma server on the same build, with OpenAI pointed at the fake. */
async function startServerWithFake(
  fakes: FakeProviders,
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pneuma-coach-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PNEUMA_DATA_DIR: dataDir,
      PNEUMA_DIST_DIR: process.env.PNEUMA_DIST_DIR || 'dist',
      PNEUMA_RATE_LIMIT_DISABLED: '1',
      PNEUMA_AI_OPENAI_API_KEY: 'sk-fake-e2e',
      PNEUMA_AI_OPENAI_BASE_URL: fakes.baseURL('openai'),
      PNEUMA_AI_OPENAI_MODEL: 'gpt-e2e-asked',
    },
    stdio: 'pipe',
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () =>
        (await fetch(`${origin}/api/health`)
          .then((r) => r.ok)
          .catch(() => false)) || child.exitCode !== null,
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  if (child.exitCode !== null)
    throw new Error(`The server with the fake provider did not start:\n${log}`);
  return {
    origin,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test('with a provider configured, its analysis replaces the on-device one; a suggested pattern is saved and synced', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const fakes = await startFakeProviders();
  const server = await startServerWithFake(fakes);
  try {
    const { origin } = server;
    // The fake holds its first answer until the test has seen the on-device analysis.
    let release = () => {};
    fakes.script('openai', { until: new Promise<void>((resolve) => (release = resolve)) }, 'valid');
    await page.clock.install();
    await openControlled(page, `${origin}/auth`);
    const email = `coach-${Date.now()}@example.test`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Your account is ready. You are signed in.')).toBeVisible();

    await startBoxSession(page, origin);
    await finishToResults(page);
    const card = page.getByTestId('coach-card');
    // At once: the on-device analysis, while the provider is asked.
    await expect(card.getByTestId('coach-source')).toHaveText('On-device analysis');
    await expect(card.getByTestId('coach-status')).toHaveText(
      'Asking OpenAI (gpt-e2e-asked) for an analysis. Meanwhile, this is the on-device analysis.',
    );
    await expect(card.getByTestId('coach-device')).toBeVisible();
    release();
    // Then the provider's analysis replaces it.
    await expect(card.getByTestId('coach-source')).toHaveText('AI analysis: OpenAI', {
      timeout: 15_000,
    });
    await expect(card.getByTestId('coach-status')).toContainText(
      `Analysis by OpenAI, model ${FAKE_MODEL_REPORTED.openai}`,
    );
    await expect(card.getByTestId('coach-provider')).toContainText(FAKE_SESSION_ANSWER.analysis);
    await expect(card.getByTestId('coach-combined')).toHaveText(
      `Score ${FAKE_SESSION_ANSWER.score.overall} / 100: OpenAI’s overall score alone. No camera stillness was measured, so there is no combined score.`,
    );
    await expect(card.getByTestId('coach-provider').getByTestId('coach-suggestions')).toContainText(
      FAKE_SESSION_ANSWER.suggestions[0]!,
    );
    await expect(card.getByTestId('coach-device')).toBeHidden(); // folded away for comparison
    await expectNoSeriousA11yViolations(page, 'results with the provider analysis');

    // What reached the provider: the session's figures, never the account's email.
    const sent = fakes.requests.find((r) => r.provider === 'openai')!;
    expect(String(sent.headers.authorization)).toBe('Bearer sk-fake-e2e');
    expect(JSON.stringify(sent.body)).toContain('Cycles: 10 of 10 (completed)');
    expect(JSON.stringify(sent.body)).not.toContain(email);

    // A suggested pattern from the provider, saved as the user's own, syncs to the account.
    await page.getByRole('button', { name: 'Ask OpenAI for a pattern' }).click();
    const suggestion = page.getByTestId('coach-pattern-provider');
    await expect(suggestion).toContainText('Fake Calm 4-6');
    await expect(suggestion).toContainText(`Suggested by OpenAI (${FAKE_MODEL_REPORTED.openai})`);
    await suggestion.getByRole('button', { name: 'Save as my pattern' }).click();
    await expect(suggestion.getByRole('status')).toContainText(
      'Saved to your patterns; it syncs to your account.',
    );
    const synced = async () => {
      const auth = await getLocalRow<{ accessToken: string }>(page, 'authSession', 'current');
      return page.evaluate(
        async ({ base, token }) => {
          const config = (await (await fetch(`${base}/config.json`)).json()) as {
            supabaseAnonKey: string;
          };
          const res = await fetch(`${base}/rest/v1/patterns?select=name,inhale,exhale`, {
            headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${token}` },
          });
          return (await res.json()) as unknown[];
        },
        { base: origin, token: auth?.accessToken },
      );
    };
    await expect
      .poll(synced, { timeout: 20_000 })
      .toEqual([{ name: 'Fake Calm 4-6', inhale: 4, exhale: 6 }]);

    // The choice lives on the profile: 'On this device only' sends nothing.
    const results = page.url();
    const choose = async (name: RegExp) => {
      await page.goto(`${origin}/profile`);
      const prefs = page.getByTestId('coach-preferences');
      await expect(prefs.getByRole('radio', { name: /^OpenAI/ })).toBeVisible();
      await prefs.getByRole('radio', { name }).check();
      await expect(prefs.getByRole('status')).toHaveText('Saved. It applies to your next results.');
    };
    await choose(/^On this device only/);
    const asked = fakes.requests.length;
    await page.goto(results);
    await expect(card.getByTestId('coach-status')).toHaveText(
      'On-device analysis, as you chose. Nothing was sent. Change this',
    );
    await expect(card.getByTestId('coach-source')).toHaveText('On-device analysis');

    // A provider that keeps failing: the server retries, then the card keeps the on-device analysis and says why.
    await choose(/^OpenAI/);
    fakes.script('openai', { status: 500 });
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(results);
    await expect(card.getByTestId('coach-status')).toHaveText(
      'OpenAI could not analyze this session (the provider failed (HTTP 500) after 4 attempts), so this is the on-device analysis.',
      { timeout: 30_000 },
    );
    await expect(card.getByTestId('coach-source')).toHaveText('On-device analysis');
    expect(fakes.requests.length - asked).toBe(4);
  } finally {
    await server.stop();
    await fakes.close();
  }
});
