import type Dexie from 'dexie';
import type { DBCoreTransaction } from 'dexie';

/** What is read of pagehide and pageshow (typed here: the service worker's build has no DOM). */
interface PageTransition {
  persisted?: boolean;
}

/** The window, as far as following its pagehide and pageshow needs it. */
export interface PageEvents {
  addEventListener(type: 'pagehide' | 'pageshow', listener: (event: PageTransition) => void): void;
  removeEventListener(type: 'pagehide' | 'pageshow', listener: (event: PageTransition) => void): void;
}

/** A transaction as far as knowing when it ends needs (IndexedDB's IDBTransaction). */
interface EndingTransaction extends DBCoreTransaction {
  addEventListener?: (type: 'complete' | 'abort' | 'error', listener: () => void) => void;
}

/**
 * The page's database connection follows the page's life. When the page may be kept in
 * the back/forward cache (pagehide with `persisted`), its unfinished transactions are
 * aborted and its connection closed; when it is shown again (pageshow with `persisted`)
 * the connection opens again. WebKit otherwise keeps a cached page's unfinished
 * transactions, and their locks on the stores, while the person goes on in a new copy of
 * the page (issue #37); closing alone is not enough, since a closing connection still
 * waits for its transactions. An aborted write rejects, so its caller says so and offers
 * a retry with the data still in memory. The service worker has its own connection and is
 * not affected. Call before the database opens; returns a function that stops following.
 */
export function followPageLifecycle(
  database: Pick<Dexie, 'close' | 'open' | 'isOpen' | 'use'>,
  target: PageEvents,
): () => void {
  const unfinished = new Set<EndingTransaction>();
  database.use({
    stack: 'dbcore',
    name: 'pageLifecycle',
    create: (down) => ({
      ...down,
      transaction: (stores, mode, options) => {
        const tx: EndingTransaction = down.transaction(stores, mode, options);
        if (typeof tx.addEventListener === 'function') {
          unfinished.add(tx);
          const end = () => unfinished.delete(tx);
          tx.addEventListener('complete', end);
          tx.addEventListener('abort', end);
          tx.addEventListener('error', end);
        }
        return tx;
      },
    }),
  });
  const onHide = (event: PageTransition) => {
    if (!event.persisted) return; // the page is going for good: the browser ends its work
    for (const tx of unfinished) {
      try {
        tx.abort();
      } catch {
        // it finished in the meantime
      }
    }
    unfinished.clear();
    // Keep auto-open on: a request made after this (a late timer) reopens rather than fails.
    database.close({ disableAutoOpen: false });
  };
  const onShow = (event: PageTransition) => {
    if (!event.persisted || database.isOpen()) return;
    database.open().catch(() => undefined); // the next request reports any failure itself
  };
  target.addEventListener('pagehide', onHide);
  target.addEventListener('pageshow', onShow);
  return () => {
    target.removeEventListener('pagehide', onHide);
    target.removeEventListener('pageshow', onShow);
  };
}
