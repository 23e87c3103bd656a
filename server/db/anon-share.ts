import { countSetting } from './count-setting';

/**
 * Anonymous work's share of the PostgreSQL pool (docs/product.md § Security, "Timeouts and read
 * limits"): requests with the anon key alone run on at most this many pool connections at once,
 * never on the pipelines, so a burst of expensive anonymous reads cannot take the connections
 * signed-in users write through. PNEUMA_PG_ANON_CONNECTIONS, else a quarter of the pool (at least 1).
 */
export function anonShare(poolMax: number, env: NodeJS.ProcessEnv = process.env): number {
  const n = countSetting(env, 'PNEUMA_PG_ANON_CONNECTIONS', 1, 1000);
  return Math.min(poolMax, n ?? Math.max(1, Math.floor(poolMax / 4)));
}

/** Anonymous requests that may wait for a connection of their share, per connection of it. */
export const ANON_WAITING_PER_CONNECTION = 8;

/** The error a request gets when its share is full or it waited past its timeout (a 503). */
function busy(why: string): Error {
  return Object.assign(new Error(`The server is busy with other anonymous requests (${why}); try again in a moment`), {
    code: '53300',
  });
}

/**
 * At most `max` tasks at once; a few more wait in order (ANON_WAITING_PER_CONNECTION each), each
 * no longer than its own timeout. Beyond that a task is refused at once: queueing it would only
 * answer it later with the same refusal.
 */
export class ShareGate {
  private running = 0;
  private readonly waiting: { go: () => void; timer: NodeJS.Timeout | undefined }[] = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>, waitMs?: number): Promise<T> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.max * ANON_WAITING_PER_CONNECTION) throw busy('too many waiting');
      await new Promise<void>((resolve, reject) => {
        const entry = {
          go: () => {
            if (entry.timer) clearTimeout(entry.timer);
            resolve();
          },
          timer: undefined as NodeJS.Timeout | undefined,
        };
        if (waitMs !== undefined) {
          entry.timer = setTimeout(() => {
            const i = this.waiting.indexOf(entry);
            if (i >= 0) this.waiting.splice(i, 1);
            reject(busy(`waited ${waitMs} ms`));
          }, waitMs);
        }
        this.waiting.push(entry);
      });
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // the slot passes straight to the next waiter; otherwise it is free again
      if (next) next.go();
      else this.running -= 1;
    }
  }
}
