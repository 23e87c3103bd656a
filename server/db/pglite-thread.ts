import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteOptions } from './pglite';
import type { DbAnswer, DbReady, DbRequest } from './thread-protocol';
import { receiveError } from './thread-protocol';
import { PgliteWatchdog } from './pglite-watchdog';
import type { Slot, WatchdogOptions } from './pglite-watchdog';
import type { Db, QueryResult, Tx, WorkLimits } from './types';

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

/** What a thread answers with `code` and `message` as Postgres would: isPgError sees the code. */
function coded(message: string, code: string, detail?: string): Error {
  return Object.assign(new Error(message), { code, ...(detail ? { detail } : {}) });
}

/** The answer of the request the watchdog stopped: Postgres's own for a statement timeout. */
const timedOut = (ms: number) =>
  coded('canceling statement due to statement timeout', '57014', `It ran past its ${ms} ms limit; the embedded database was restarted to stop it`);
/** The answer of other work that was on the thread when it was stopped (a 503). */
const restarting = () =>
  coded('The embedded database is restarting after a request ran past its time limit; try again in a moment', '57P03');

/** Starts the thread and waits for its database to open. */
async function startThread(opts: Pick<PgliteOptions, 'dataDir' | 'settings'>): Promise<Worker> {
  const worker = startWorker(opts);
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
  return worker;
}

export interface PgliteThreadOptions extends Pick<PgliteOptions, 'dataDir' | 'settings'> {
  /** The watchdog's grace, tick and limit for work without a timeout (tests shorten them). */
  watchdog?: WatchdogOptions;
}

/**
 * The embedded PGlite on its own thread, behind the same Db interface as openPglite. PGlite
 * runs every statement synchronously on the thread that owns it; here that is not the thread
 * that parses HTTP, checks tokens and writes answers, so the two overlap on a multi-core
 * machine and a long query no longer stalls every other request (README § Server figures).
 * Only what crosses the thread is cloned: SQL, parameters, rows and errors (with their codes).
 * Work that runs past its timeout is stopped by ending the thread and opening the data folder
 * again on a new one (pglite-watchdog.ts); an in-memory database cannot be reopened, so there
 * the watchdog ends the database for good.
 */
export async function openPgliteThread(opts: PgliteThreadOptions = {}): Promise<Db> {
  const { watchdog: watchOptions, ...threadOpts } = opts;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; slot: Slot }>();
  let nextId = 1;
  let stopped: Error | null = null;
  /** Bumped when a thread is retired: work of an earlier thread (its open transactions) ends there. */
  let generation = 0;
  let restart: Promise<void> | null = null;

  const watchdog = new PgliteWatchdog((slot, ran) => {
    restart = replace(slot, ran).finally(() => {
      restart = null;
    });
  }, watchOptions);

  const stop = (why: Error) => {
    stopped ??= why;
    for (const p of pending.values()) p.reject(stopped);
    pending.clear();
    watchdog.stop();
    watchdog.refuseHeld(stopped);
  };

  function attach(w: Worker): void {
    const gen = ++generation;
    w.on('message', (a: DbAnswer) => {
      const p = pending.get(a.id);
      if (!p) return;
      pending.delete(a.id);
      if (a.ok) p.resolve(a.value);
      else p.reject(receiveError(a.error));
    });
    w.on('error', (e) => {
      if (gen !== generation) return;
      console.error(`database thread failed: ${e.message}`);
      stop(new Error(`The database thread failed: ${e.message}`));
    });
    w.on('exit', (code) => {
      if (gen === generation) stop(new Error(`The database thread has stopped (exit ${code})`));
    });
  }

  let worker = await startThread(threadOpts);
  attach(worker);

  /** Ends the stuck thread, answers what was on it, and opens the data folder on a new one. */
  async function replace(stuck: Slot, ranMs: number): Promise<void> {
    console.error(`database thread: a request ran ${Math.round(ranMs)} ms, past its ${stuck.limitMs} ms limit; restarting the embedded database`);
    const started = performance.now();
    watchdog.pause(restarting());
    generation++;
    for (const p of pending.values()) p.reject(p.slot === stuck ? timedOut(stuck.limitMs) : restarting());
    pending.clear();
    await worker.terminate();
    if (!threadOpts.dataDir) {
      stop(new Error('The in-memory embedded database was stopped by its watchdog and cannot be reopened'));
      return;
    }
    try {
      worker = await startThread(threadOpts);
    } catch (e) {
      stop(new Error(`The embedded database could not be reopened after its watchdog stopped it: ${(e as Error).message}`));
      return;
    }
    attach(worker);
    watchdog.resume();
    console.error(`database thread: reopened in ${Math.round(performance.now() - started)} ms`);
  }

  function call<T>(req: Outgoing, slot: Slot, gen: number): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    if (gen !== generation) return Promise.reject(restarting());
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, slot });
      worker.postMessage({ ...req, id });
    });
  }

  /** Top-level work: a slot on the thread (pglite-watchdog.ts), the request, the slot freed. */
  async function top<T>(req: Outgoing, limits?: WorkLimits): Promise<T> {
    if (stopped) throw stopped;
    const admitted = watchdog.admit(limits);
    const slot = admitted instanceof Promise ? await admitted : admitted;
    try {
      return await call<T>(req, slot, generation);
    } finally {
      watchdog.release(slot);
    }
  }

  const tx = (n: number, slot: Slot, gen: number): Tx => ({
    query: <T>(sql: string, params?: readonly unknown[]) =>
      call<QueryResult<T>>({ op: 'query', sql, ...(params ? { params: [...params] } : {}), tx: n }, slot, gen),
    exec: (sql: string) => call<void>({ op: 'exec', sql, tx: n }, slot, gen),
  });

  return {
    kind: 'pglite',
    query: <T>(sql: string, params?: readonly unknown[]) =>
      top<QueryResult<T>>({ op: 'query', sql, ...(params ? { params: [...params] } : {}) }),
    exec: (sql: string) => top<void>({ op: 'exec', sql }),
    batch: (sql: string, limits?: WorkLimits) => top<QueryResult<Record<string, unknown>>[]>({ op: 'batch', sql }, limits),
    async transaction<T>(fn: (t: Tx) => Promise<T>, setup?: string, limits?: WorkLimits): Promise<T> {
      if (stopped) throw stopped;
      const admitted = watchdog.admit(limits);
      const slot = admitted instanceof Promise ? await admitted : admitted;
      const gen = generation;
      try {
        const n = await call<number>({ op: 'begin', ...(setup ? { setup } : {}) }, slot, gen);
        let out: T;
        try {
          out = await fn(tx(n, slot, gen));
        } catch (e) {
          await call({ op: 'end', tx: n, commit: false }, slot, gen).catch(() => undefined);
          throw e;
        }
        await call({ op: 'end', tx: n, commit: true }, slot, gen);
        return out;
      } finally {
        watchdog.release(slot);
      }
    },
    async close() {
      await restart;
      if (stopped) return;
      const slot = await watchdog.admit(undefined);
      try {
        await call({ op: 'close' }, slot, generation);
      } finally {
        stop(new Error('The database is closed'));
        await worker.terminate();
      }
    },
  };
}
