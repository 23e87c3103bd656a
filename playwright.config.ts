import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_CAMERA_ARGS } from './e2e/chromium';

/**
 * Browser tests against the production build as `npm start` serves it, in Debian's
 * Chromium (never a downloaded browser). E2E_PORT picks the port (helpers running in
 * parallel each use their own); every run gets a fresh data folder.
 */
const port = Number(process.env.E2E_PORT ?? 8799);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pneuma-e2e-'));
process.env.E2E_DATA_DIR = dataDir;


/**
 * Journeys that measure real time or run the camera models (breathing together's 50 ms, the
 * camera's breathing rate, the immersive guide's frames, the programs' boundaries) run after
 * the others, one at a time: beside another journey's browser on the 2-core machine their
 * page timers stalled by up to a second (together.spec: a host boundary 1,007 ms late while
 * vision.spec ran beside it, 2026-11-29).
 */
const ALONE = /[\\/](together|vision|immersive|programs)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // On CI a failed journey is retried once and the retry records the trace: recording every
    // journey's trace (screenshots and DOM snapshots at each step) cost CPU in all 159 of them,
    // on a 2-core machine where the journeys measure real time.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...FAKE_CAMERA_ARGS],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: ALONE },
    { name: 'timed, alone', testMatch: ALONE, dependencies: ['journeys'], workers: 1 },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PNEUMA_DATA_DIR: dataDir,
      PNEUMA_RATE_LIMIT_DISABLED: '1',
      // The Lens API the server names: a path only e2e/wallet-lens.spec.ts answers (a fake).
      VITE_LENS_API_URL: `${baseURL}/e2e-fake-lens/graphql`,
    },
  },
});
