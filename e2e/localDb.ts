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

/**
 * One transaction on `store` in the page: puts `rows` (readwrite) or reads the row under
 * `key` (readonly). Every way it can fail rejects (a store the connection lacks throws, a
 * transaction can abort) and an attempt that has not settled in 5 s gives up, so callers
 * retry instead of waiting for a promise that never settles.
 */
function inStore(
  page: Page,
  op: { store: string; rows?: readonly object[]; key?: string },
): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(
    ({ store, rows, key }) =>
      new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
        let db: IDBDatabase | null = null;
        const finish = (error: unknown, row?: Record<string, unknown>) => {
          clearTimeout(timer);
          db?.close();
          if (error) reject(error instanceof Error ? error : new Error(String(error)));
          else resolve(row);
        };
        const timer = setTimeout(
          () => finish(new Error(`IndexedDB ${store}: no answer in 5 s`)),
          5_000,
        );
        const open = indexedDB.open('pneuma');
        open.onerror = () => finish(open.error);
        open.onblocked = () => finish(new Error('IndexedDB open blocked'));
        open.onsuccess = () => {
          db = open.result;
          try {
            const tx = db.transaction(store, rows ? 'readwrite' : 'readonly');
            let row: Record<string, unknown> | undefined;
            if (rows) for (const r of rows) tx.objectStore(store).put(r);
            else {
              const req = tx.objectStore(store).get(key!);
              req.onsuccess = () => (row = req.result as Record<string, unknown> | undefined);
            }
            tx.oncomplete = () => finish(null, row);
            tx.onerror = () => finish(tx.error);
            tx.onabort = () => finish(tx.error ?? new Error(`IndexedDB ${store}: aborted`));
          } catch (error) {
            finish(error);
          }
        };
      }),
    op,
  );
}

/** Tries `attempt` until it succeeds, for up to 30 s (the app may still be making its database). */
async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Puts `rows` into `store` in one transaction; resolves once it has committed. */
export async function putLocalRows(
  page: Page,
  store: string,
  rows: readonly object[],
): Promise<void> {
  await waitForAppDb(page);
  await retried(() => inStore(page, { store, rows }));
}

/** The row of `store` under `key`, or undefined. */
export function getLocalRow(
  page: Page,
  store: string,
  key: string,
): Promise<Record<string, unknown> | undefined> {
  return retried(() => inStore(page, { store, key }));
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
