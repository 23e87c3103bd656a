import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

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

/**
 * What a sign-in leaves in the page: supabase-js's stored session and the copy in
 * IndexedDB that the app and its service worker read. The page must have opened the app.
 */
export async function signInPage(page: Page, session: GrantedSession): Promise<void> {
  await page.evaluate(async (s) => {
    const ref = location.hostname.split('.')[0];
    const expiresAt = Math.floor(Date.now() / 1000) + s.expires_in;
    localStorage.setItem(`sb-${ref}-auth-token`, JSON.stringify({ ...s, expires_at: expiresAt }));
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('pneuma');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = idb.transaction('authSession', 'readwrite');
      tx.objectStore('authSession').put({
        key: 'current',
        accessToken: s.access_token,
        refreshToken: s.refresh_token,
        expiresAt,
        userId: s.user.id,
        email: s.user.email,
      });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    idb.close();
  }, session);
}
