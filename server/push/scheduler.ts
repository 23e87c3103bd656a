import {
  describeReminder,
  nextOccurrence,
  reminderPath,
  type Reminder,
} from '../../src/domain/reminders/schedule';
import type { Db } from '../db/types';
import type { VapidKeys } from '../secrets';
import type { Resolve } from './post';
import { sendPush, type SendResult } from './send';
import {
  claimDue,
  dueSubscriptions,
  earliestDue,
  forgetEndpoint,
  type SubscriptionRow,
} from './store';

/** The longest the scheduler sleeps between passes (it wakes sooner for a reminder it knows is due). */
export const PUSH_TICK_MS = 30_000;
/** A reminder found more than this late (the server was down) is skipped, not sent. */
export const PUSH_STALE_MS = 60 * 60_000;
const BATCH = 100;
/** Sends in flight at once: a few slow push services never hold up the others. */
export const PUSH_CONCURRENCY = 8;

/** The notification the service worker shows (sw/push.ts reads this shape). */
export interface ReminderPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export function reminderPayload(r: Reminder): ReminderPayload {
  return {
    title: `Time to practice: ${r.patternName}`,
    body: `${describeReminder(r)}. Tap to start.`,
    url: reminderPath(r),
    tag: `pneuma-reminder-${r.id}`,
  };
}

/** The reminder whose occurrence is the row's next_at. */
function dueReminder(row: SubscriptionRow): Reminder | null {
  const at = new Date(row.next_at!).getTime();
  return row.reminders.find((r) => nextOccurrence(r, row.time_zone, at - 1) === at) ?? null;
}

export interface PushSchedulerOptions {
  db: Db;
  vapid: VapidKeys;
  subject: string;
  now?: () => number;
  log?: (msg: string) => void;
  /** Plain http and loopback endpoints (tests, a local push service; off by default: server/README.md § Push reminders). */
  allowLoopback?: boolean;
  /** How push endpoints' names are resolved (the system resolver by default). */
  resolve?: Resolve;
  /** Sends in flight at once (PUSH_CONCURRENCY). */
  concurrency?: number;
  /** One send's whole exchange at most (SEND_TIMEOUT_MS). */
  sendTimeoutMs?: number;
}

type TickResult = { endpoint: string; result: SendResult | 'skipped' };

/** Runs `work` over `items` with at most `limit` at once; the results in the items' order. */
async function mapBounded<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Sends each device's reminders at their local time (docs/product.md § Reminders). A pass
 * takes up to BATCH subscriptions whose next_at has passed; each is claimed (moved on to its
 * next reminder: only one instance wins a row) and sent on its own, PUSH_CONCURRENCY at once,
 * each within SEND_TIMEOUT_MS, so a key that cannot be encrypted to, a refused address or a
 * push service that never answers costs only its own row. A 404/410 deletes the
 * subscription. After a pass the scheduler sleeps until the earliest next_at (at most
 * PUSH_TICK_MS, which also catches rows other instances wrote); `nudge` wakes it earlier for a
 * subscription just saved here.
 */
export class PushScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  private interval = PUSH_TICK_MS;
  private plannedAt = Infinity;
  private nudgedAt = Infinity;

  constructor(private readonly opts: PushSchedulerOptions) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** One pass; resolves with what happened to each due subscription this instance claimed. */
  async tick(): Promise<TickResult[]> {
    const now = this.now();
    const rows = await dueSubscriptions(this.opts.db, now, BATCH);
    const done = await mapBounded(rows, this.opts.concurrency ?? PUSH_CONCURRENCY, (row) =>
      this.deliver(row, now),
    );
    return done.filter((r): r is TickResult => r !== null);
  }

  /** Claims and sends one subscription's due reminder; never throws (a failure is this row's alone). */
  private async deliver(row: SubscriptionRow, now: number): Promise<TickResult | null> {
    try {
      if (!(await claimDue(this.opts.db, row, now))) return null;
      const reminder = dueReminder(row);
      if (!reminder || now - new Date(row.next_at!).getTime() > PUSH_STALE_MS)
        return { endpoint: row.endpoint, result: 'skipped' };
      const result = await sendPush(
        row,
        JSON.stringify(reminderPayload(reminder)),
        this.opts.vapid,
        this.opts.subject,
        {
          allowLoopback: this.opts.allowLoopback,
          resolve: this.opts.resolve,
          timeoutMs: this.opts.sendTimeoutMs,
        },
      );
      if (result.kind === 'gone') await forgetEndpoint(this.opts.db, row.endpoint);
      else if (result.kind === 'failed')
        this.opts.log?.(
          `push reminder not delivered (${result.status ?? 'network'}): ${result.message}`,
        );
      return { endpoint: row.endpoint, result };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.opts.log?.(`push reminder not delivered: ${message}`);
      return { endpoint: row.endpoint, result: { kind: 'failed', status: null, message } };
    }
  }

  /** Runs passes until stop(): the first one shortly after start, then at each earliest due time. */
  start(intervalMs = PUSH_TICK_MS): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.interval = intervalMs;
    this.plan(Math.min(intervalMs, 1000));
  }

  /** A subscription here was saved with a reminder due at `atMs`: wake for it if sooner than planned. */
  nudge(atMs: number | null): void {
    if (this.stopped || atMs === null) return;
    if (this.running) this.nudgedAt = Math.min(this.nudgedAt, atMs);
    else if (atMs < this.plannedAt) this.plan(atMs - this.now());
  }

  private plan(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    const ms = Math.max(0, Math.min(delayMs, this.interval));
    this.plannedAt = this.now() + ms;
    this.timer = setTimeout(() => void this.pass(), ms);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    this.timer = null;
    this.plannedAt = Infinity;
    const run = (async () => {
      let full: boolean;
      try {
        full = (await this.tick()).length >= BATCH;
      } catch (e) {
        this.opts.log?.(`push scheduler: ${e instanceof Error ? e.message : String(e)}`);
        return this.interval;
      }
      if (full) return 10; // more are due: the next batch at once
      const earliest = await earliestDue(this.opts.db, this.now()).catch(() => null);
      const wait = earliest === null ? Infinity : earliest - this.now();
      // A row still due after a pass that was not full failed to move on: the next poll retries it.
      return wait > 0 ? Math.min(wait, this.interval) : this.interval;
    })();
    this.running = run;
    const next = await run;
    this.running = null;
    if (this.stopped) return;
    const nudged = this.nudgedAt;
    this.nudgedAt = Infinity;
    this.plan(Math.min(next, nudged - this.now()));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
