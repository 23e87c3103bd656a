import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seedSignIn } from '../e2e/localDb';

/**
 * For the browser parts of the benchmarks: `npm start` (scripts/start.mjs: builds the app
 * if needed, then serves it with the embedded backend) on its own port and data folder,
 * and a signed-in user handed to a page the way a sign-in leaves it.
 */
export interface BuiltApp {
  base: string;
  anonKey: string;
  stop(): void;
}

async function waitForHealth(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not start`);
}

export async function startBuiltApp(port: number, tag: string): Promise<BuiltApp> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PNEUMA_DATA_DIR: mkdtempSync(join(os.tmpdir(), `pneuma-${tag}-`)),
      PNEUMA_RATE_LIMIT_DISABLED: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, 180_000);
    const config = (await (await fetch(`${base}/config.json`)).json()) as {
      supabaseAnonKey: string;
    };
    return { base, anonKey: config.supabaseAnonKey, stop: () => server.kill('SIGTERM') };
  } catch (e) {
    server.kill('SIGTERM');
    throw e;
  }
}

/** The Auth API's answer to a sign-up or sign-in. */
export interface GrantedSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user: { id: string; email: string };
}

/** Signs a new user up through the Auth API. */
export async function signUpUser(app: BuiltApp, tag: string): Promise<GrantedSession> {
  const res = await fetch(`${app.base}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: app.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${tag}.${Date.now()}@example.test`,
      password: 'correct horse 42',
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as GrantedSession;
}

/** What a sign-in leaves in the page (e2e/localDb.ts); the page must have opened the app. */
export const signInPage = (page: Page, session: GrantedSession): Promise<void> =>
  seedSignIn(page, session);
