import type { WorkLimits } from './types';

/**
 * The embedded database's watchdog (docs/product.md § Security, "Timeouts and read limits").
 *
 * PGlite runs one statement at a time on its thread and never enforces statement_timeout (no
 * timer signal reaches it), nor can a running statement be cancelled from outside: one slow
 * request holds every other. So the main thread keeps the order of the work it sent (PGlite runs
 * it in that order, a transaction from its BEGIN to its end), knows when the work at the head
 * started (when the one before it finished, or when it was sent), and when that work has run past
 * its timeout plus WATCHDOG_GRACE_MS, calls `onStuck`: the thread is then ended and started again
 * on the same data folder (pglite-thread.ts); Postgres's crash recovery keeps every committed row.
 *
 * Anonymous work runs alone: while it is on the thread, other top-level work waits here, unsent,
 * and goes first once it ends (signed-in work ahead of further anonymous work), so a burst of
 * anonymous reads delays a signed-in request by one of them at most. When the thread is stopped,
 * everything on it or waiting here, and what comes while the new thread opens (seconds), is
 * answered at once with a 503 to try again, rather than kept waiting through the restart: the
 * server stays responsive (health checks included) and clients retry.
 */

/** Slack over a request's timeout before the thread is stopped (the answer may be on its way). */
export const WATCHDOG_GRACE_MS = 250;
/** How often the watchdog looks, while work is on the thread. */
export const WATCHDOG_TICK_MS = 50;
/** Limit for work that names no timeout of its own (auth, /api, migrations). */
export const UNTIMED_WORK_MS = 120_000;
/** Anonymous requests that may wait here while one runs; more are refused (a 503) at once. */
export const ANON_WAITING = 16;

export interface WatchdogOptions {
  graceMs?: number;
  tickMs?: number;
  untimedMs?: number;
}

/** Work on the thread: sent, not yet finished. */
export interface Slot {
  readonly id: number;
  readonly anonymous: boolean;
  readonly limitMs: number;
  sentAt: number;
}

interface Held {
  slot: Slot;
  admit: (slot: Slot) => void;
  refuse: (e: Error) => void;
  timer: NodeJS.Timeout | undefined;
}

function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** The error of work held too long or refused while anonymous work fills its queue (a 503). */
export const anonBusy = (why: string) =>
  coded(`The database is busy with other anonymous requests (${why}); try again in a moment`, '53300');

export class PgliteWatchdog {
  /** Work sent to the thread, in the order sent: the first is what the thread runs now. */
  private readonly onThread = new Map<number, Slot>();
  private readonly held: Held[] = [];
  private anonOnThread = 0;
  private lastFreedAt = performance.now();
  private timer: NodeJS.Timeout | undefined;
  private nextId = 1;
  /** Set while the thread is replaced: new work is refused with it. */
  private paused: Error | null = null;
  private readonly graceMs: number;
  private readonly tickMs: number;
  private readonly untimedMs: number;

  constructor(
    private readonly onStuck: (slot: Slot, ranMs: number) => void,
    opts: WatchdogOptions = {},
  ) {
    this.graceMs = opts.graceMs ?? WATCHDOG_GRACE_MS;
    this.tickMs = opts.tickMs ?? WATCHDOG_TICK_MS;
    this.untimedMs = opts.untimedMs ?? UNTIMED_WORK_MS;
  }

  /**
   * A slot on the thread for one piece of top-level work (a query, a batch, a whole transaction):
   * at once, unless anonymous work is running or the thread restarts; then when it may be sent.
   */
  admit(limits: WorkLimits | undefined): Slot | Promise<Slot> {
    const slot: Slot = {
      id: this.nextId++,
      anonymous: limits?.anonymous === true,
      limitMs: limits?.timeoutMs ?? this.untimedMs,
      sentAt: 0,
    };
    if (this.paused) return Promise.reject(this.paused);
    if (this.anonOnThread === 0) {
      this.send(slot);
      return slot;
    }
    if (slot.anonymous && this.held.filter((h) => h.slot.anonymous).length >= ANON_WAITING) {
      return Promise.reject(anonBusy(`${ANON_WAITING} waiting`));
    }
    return new Promise<Slot>((admit, refuse) => {
      const entry: Held = { slot, admit, refuse, timer: undefined };
      if (slot.anonymous) {
        entry.timer = setTimeout(() => {
          const i = this.held.indexOf(entry);
          if (i >= 0) this.held.splice(i, 1);
          refuse(anonBusy(`waited ${slot.limitMs} ms`));
        }, slot.limitMs);
      }
      this.held.push(entry);
    });
  }

  /** The slot's work has ended (answered, failed, or its transaction closed). */
  release(slot: Slot): void {
    if (!this.onThread.has(slot.id)) return;
    const head = this.onThread.keys().next().value === slot.id;
    this.onThread.delete(slot.id);
    if (head) this.lastFreedAt = performance.now();
    if (slot.anonymous) this.anonOnThread -= 1;
    // the ticker stops itself at its next look when nothing is on the thread (no timer churn per request)
    this.drain();
  }

  /** The thread is being replaced: forget what was on it, refuse what waits and what comes with `why`. */
  pause(why: Error): void {
    this.paused = why;
    this.onThread.clear();
    this.anonOnThread = 0;
    this.stopTicking();
    this.refuseHeld(why);
  }

  /** A new thread is ready for work. */
  resume(): void {
    this.paused = null;
    this.lastFreedAt = performance.now();
  }

  /** Refuses everything held (the database is closing or cannot restart). */
  refuseHeld(e: Error): void {
    for (const h of this.held.splice(0)) {
      if (h.timer) clearTimeout(h.timer);
      h.refuse(e);
    }
  }

  stop(): void {
    this.stopTicking();
  }

  private send(slot: Slot): void {
    slot.sentAt = performance.now();
    this.onThread.set(slot.id, slot);
    if (slot.anonymous) this.anonOnThread += 1;
    this.timer ??= setInterval(() => this.check(), this.tickMs);
    this.timer.unref?.();
  }

  /** Signed-in work first, in order; then one anonymous request, which then runs alone. */
  private drain(): void {
    if (this.paused || this.anonOnThread > 0) return;
    for (let i = 0; i < this.held.length; ) {
      const h = this.held[i]!;
      if (h.slot.anonymous) i++;
      else {
        this.held.splice(i, 1);
        this.send(h.slot);
        h.admit(h.slot);
      }
    }
    const next = this.held.findIndex((h) => h.slot.anonymous);
    if (next >= 0) {
      const [h] = this.held.splice(next, 1);
      if (h!.timer) clearTimeout(h!.timer);
      this.send(h!.slot);
      h!.admit(h!.slot);
    }
  }

  private check(): void {
    const head = this.onThread.values().next();
    if (head.done) return this.stopTicking();
    const slot = head.value;
    const ran = performance.now() - Math.max(slot.sentAt, this.lastFreedAt);
    if (ran > slot.limitMs + this.graceMs) {
      this.stopTicking();
      this.onStuck(slot, ran);
    }
  }

  private stopTicking(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
