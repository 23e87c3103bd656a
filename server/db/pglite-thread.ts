import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteOptions } from './pglite';
import type { DbAnswer, DbReady, DbRequest } from './thread-protocol';
import { receiveError } from './thread-protocol';
import type { Db, QueryResult, Tx } from './types';

/** A request before it gets its id. */
type Outgoing = DbRequest extends infer R ? (R extends DbRequest ? Omit<R, 'id'> : never) : never;

/**
 * The compiled worker beside the server bundle (dist-server/pglite-worker.mjs); else its
 * TypeScript source, loaded through tsx's loader (tests and `npm run serve`, which run from
 * the project folder where tsx is installed).
 */
function startWorker(opts: Pick<PgliteOptions, 'dataDir' | 'settings'>): Worker {
  const bundled = new URL('./pglite-worker.mjs', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return new Worker(bundled, { workerData: opts });
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(boot, { eval: true, workerData: opts });
}

/**
 * The embedded PGlite on its own thread, behind the same Db interface as openPglite. PGlite
 * runs every statement synchronously on the thread that owns it; here that is not the thread
 * that parses HTTP, checks tokens and writes answers, so the two overlap on a multi-core
 * machine and a long query no longer stalls every other request (README § Server figures).
 * Only what crosses the thread is cloned: SQL, parameters, rows and errors (with their codes).
 */
export async function openPgliteThread(opts: Pick<PgliteOptions, 'dataDir' | 'settings'> = {}): Promise<Db> {
  const worker = startWorker(opts);
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let stopped: Error | null = null;

  const stop = (why: Error) => {
    stopped ??= why;
    for (const p of pending.values()) p.reject(stopped);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    const onExit = (code: number) => reject(new Error(`The database thread exited (${code}) before it opened the database`));
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.once('message', (m: DbReady) => {
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (m.ready) resolve();
      else reject(receiveError(m.error));
    });
  });
  worker.on('message', (a: DbAnswer) => {
    const p = pending.get(a.id);
    if (!p) return;
    pending.delete(a.id);
    if (a.ok) p.resolve(a.value);
    else p.reject(receiveError(a.error));
  });
  worker.on('error', (e) => {
    console.error(`database thread failed: ${e.message}`);
    stop(new Error(`The database thread failed: ${e.message}`));
  });
  worker.on('exit', (code) => stop(new Error(`The database thread has stopped (exit ${code})`)));

  function call<T>(req: Outgoing): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...req, id });
    });
  }

  const tx = (n?: number): Tx => ({
    query: <T>(sql: string, params?: readonly unknown[]) =>
      call<QueryResult<T>>({ op: 'query', sql, ...(params ? { params: [...params] } : {}), ...(n === undefined ? {} : { tx: n }) }),
    exec: (sql: string) => call<void>({ op: 'exec', sql, ...(n === undefined ? {} : { tx: n }) }),
  });
  const base = tx();

  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    batch: (sql: string) => call<QueryResult<Record<string, unknown>>[]>({ op: 'batch', sql }),
    async transaction<T>(fn: (t: Tx) => Promise<T>, setup?: string): Promise<T> {
      const n = await call<number>({ op: 'begin', ...(setup ? { setup } : {}) });
      let out: T;
      try {
        out = await fn(tx(n));
      } catch (e) {
        await call({ op: 'end', tx: n, commit: false }).catch(() => undefined);
        throw e;
      }
      await call({ op: 'end', tx: n, commit: true });
      return out;
    },
    async close() {
      if (stopped) return;
      try {
        await call({ op: 'close' });
      } finally {
        stop(new Error('The database is closed'));
        await worker.terminate();
      }
    },
  };
}
