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
 * One transaction on `store` in the page: puts `rows` (readwrite), or reads the row under
 * `key`, or every row (readonly). Every way it can fail rejects (a store the connection
 * lacks throws, a transaction can abort) and an attempt that has not settled in 5 s gives
 * up, so callers retry instead of waiting for a promise that never settles.
 */
/** A row's key: a string, or the parts of a compound key. */
type LocalKey = string | string[];

function inStore(
  page: Page,
  op: { store: string; rows?: readonly object[]; key?: LocalKey; all?: boolean },
): Promise<unknown> {
  return page.evaluate(
    ({ store, rows, key, all }) =>
      new Promise<unknown>((resolve, reject) => {
        let db: IDBDatabase | null = null;
        const finish = (error: unknown, result?: unknown) => {
          clearTimeout(timer);
          db?.close();
          if (error) reject(error instanceof Error ? error : new Error(String(error)));
          else resolve(result);
        };
        const timer = setTimeout(() => finish(new Error(`IndexedDB ${store}: no answer in 5 s`)), 5_000);
        const open = indexedDB.open('pneuma');
        open.onerror = () => finish(open.error);
        open.onblocked = () => finish(new Error('IndexedDB open blocked'));
        open.onsuccess = () => {
          db = open.result;
          try {
            const tx = db.transaction(store, rows ? 'readwrite' : 'readonly');
            let result: unknown;
            if (rows) for (const r of rows) tx.objectStore(store).put(r);
            else {
              const req = all ? tx.objectStore(store).getAll() : tx.objectStore(store).get(key!);
              req.onsuccess = () => (result = req.result);
            }
            tx.oncomplete = () => finish(null, result);
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

/** The row of `store` under `key` (a compound key is an array), or undefined. */
export function getLocalRow<T = Record<string, unknown>>(
  page: Page,
  store: string,
  key: LocalKey,
): Promise<T | undefined> {
  return retried(() => inStore(page, { store, key }) as Promise<T | undefined>);
}

/** Every row of `store`. */
export function getLocalRows<T = Record<string, unknown>>(page: Page, store: string): Promise<T[]> {
  return retried(() => inStore(page, { store, all: true }) as Promise<T[]>);
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
