import type { Page } from '@playwright/test';

/**
 * The app's IndexedDB ('pneuma', as Dexie made it) read and written from the page, for
 * tests that set up or check what the device holds. The page must have opened the app.
 */

/**
 * Waits until the app has made its database (a prerendered page shows its heading before
 * the app starts: opening 'pneuma' earlier would create an empty database of its own).
 */
export async function waitForAppDb(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'pneuma')) return false;
    return new Promise<boolean>((resolve) => {
      const open = indexedDB.open('pneuma');
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const ready = open.result.objectStoreNames.contains('sessions');
        open.result.close();
        resolve(ready);
      };
    });
  });
}

/** Puts `rows` into `store` in one transaction; resolves once it has committed. */
export async function putLocalRows(page: Page, store: string, rows: readonly object[]): Promise<void> {
  await waitForAppDb(page);
  return page.evaluate(
    ({ store, rows }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pneuma');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(store, 'readwrite');
          for (const row of rows) tx.objectStore(store).put(row);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { store, rows },
  );
}

/** The row of `store` under `key`, or undefined. */
export function getLocalRow(
  page: Page,
  store: string,
  key: string,
): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(
    ({ store, key }) =>
      new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
        const open = indexedDB.open('pneuma');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction(store, 'readonly').objectStore(store).get(key);
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result as Record<string, unknown> | undefined);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    { store, key },
  );
}

/** A session as the Auth API grants it (sign-up or sign-in). */
export interface GrantedAuth {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at?: number;
  user: { id: string; email: string };
}

/**
 * What a sign-in leaves in the page: supabase-js's stored session (key
 * sb-<first host label>-auth-token) and the copy in IndexedDB that the app and its service
 * worker read. The page must have opened the app.
 */
export async function seedSignIn(page: Page, session: GrantedAuth): Promise<void> {
  const expiresAt = session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in;
  await page.evaluate(
    ({ s, expiresAt }) => {
      const ref = location.hostname.split('.')[0];
      localStorage.setItem(`sb-${ref}-auth-token`, JSON.stringify({ ...s, expires_at: expiresAt }));
    },
    { s: session, expiresAt },
  );
  await putLocalRows(page, 'authSession', [
    {
      key: 'current',
      accessToken: session.access_token,
      refreshToken: session.refresh_token,
      expiresAt,
      userId: session.user.id,
      email: session.user.email,
    },
  ]);
}
