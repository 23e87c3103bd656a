/**
 * The database thread: owns the embedded PGlite and answers the main thread's requests
 * (thread-protocol.ts). PGlite runs its queries one at a time on this thread, so HTTP
 * parsing, auth and JSON on the main thread overlap with the database's own work.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPglite } from './pglite';
import { openFailure } from './pglite-open-failure';
import type { PgliteOptions } from './pglite';
import type { DbAnswer, DbReady, DbRequest } from './thread-protocol';
import { sendError } from './thread-protocol';
import type { Tx } from './types';

interface OpenTx {
  tx: Tx;
  waiting: DbRequest[];
  wake: (() => void) | null;
}

const ROLLBACK = Symbol('rollback');
const port = parentPort!;
const reply = (a: DbAnswer) => port.postMessage(a);
const announce = (r: DbReady) => port.postMessage(r);
const ok = (id: number, value: unknown) => reply({ id, ok: true, value });
const fail = (id: number, e: unknown) => reply({ id, ok: false, error: sendError(e) });

const opts = workerData as PgliteOptions;

let opened: Awaited<ReturnType<typeof openPglite>>;
try {
  opened = await openPglite(opts);
} catch (e) {
  announce({ ready: false, error: sendError(openFailure(e, opts.dataDir)) });
  process.exit(1);
}
const db = opened;
const open = new Map<number, OpenTx>();
let nextTx = 1;

function nextRequest(t: OpenTx): Promise<DbRequest> {
  const m = t.waiting.shift();
  if (m) return Promise.resolve(m);
  return new Promise((resolve) => {
    t.wake = () => {
      t.wake = null;
      resolve(t.waiting.shift()!);
    };
  });
}

/** BEGIN (and setup), then this transaction's requests in order until its 'end'. */
function begin(req: Extract<DbRequest, { op: 'begin' }>): void {
  const txId = nextTx++;
  let end: Extract<DbRequest, { op: 'end' }> | null = null;
  db.transaction(async (tx) => {
    const t: OpenTx = { tx, waiting: [], wake: null };
    open.set(txId, t);
    ok(req.id, txId);
    for (;;) {
      const m = await nextRequest(t);
      if (m.op === 'end') {
        end = m;
        if (m.commit) return;
        throw ROLLBACK;
      }
      await run(m, tx);
    }
  }, req.setup).then(
    () => {
      open.delete(txId);
      ok(end!.id, null);
    },
    (e: unknown) => {
      const began = open.delete(txId);
      if (!began) fail(req.id, e);
      else if (e === ROLLBACK) ok(end!.id, null);
      else fail(end!.id, e);
    },
  );
}

async function run(m: DbRequest, q: Tx): Promise<void> {
  try {
    if (m.op === 'query') ok(m.id, await q.query(m.sql, m.params));
    else if (m.op === 'exec') ok(m.id, await q.exec(m.sql));
    else throw new Error(`${m.op} is not allowed inside a transaction`);
  } catch (e) {
    fail(m.id, e);
  }
}

port.on('message', (m: DbRequest) => {
  if ((m.op === 'query' || m.op === 'exec' || m.op === 'end') && m.tx !== undefined) {
    const t = open.get(m.tx);
    if (!t) return fail(m.id, new Error(`Transaction ${m.tx} is not open`));
    t.waiting.push(m);
    t.wake?.();
    return;
  }
  switch (m.op) {
    case 'query':
    case 'exec':
      return void run(m, db);
    case 'batch':
      return void db.batch(m.sql).then(
        (v) => ok(m.id, v),
        (e: unknown) => fail(m.id, e),
      );
    case 'begin':
      return begin(m);
    case 'close':
      return void db.close().then(
        () => ok(m.id, null),
        (e: unknown) => fail(m.id, e),
      );
  }
});
announce({ ready: true, error: null });
