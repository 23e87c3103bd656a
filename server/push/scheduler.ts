import { describeReminder, nextOccurrence, reminderPath, type Reminder } from '../../src/domain/reminders/schedule';
import type { Db } from '../db/types';
import type { VapidKeys } from '../secrets';
import { sendPush, type SendResult } from './send';
import { claimDue, dueSubscriptions, forgetEndpoint, type SubscriptionRow } from './store';

/** How often the scheduler looks for due reminders. */
export const PUSH_TICK_MS = 30_000;
/** A reminder found more than this late (the server was down) is skipped, not sent. */
export const PUSH_STALE_MS = 60 * 60_000;
const BATCH = 100;

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
  fetchImpl?: typeof fetch;
  now?: () => number;
  log?: (msg: string) => void;
}

/**
 * Sends each device's reminders at their local time (docs/product.md § Reminders): every
 * PUSH_TICK_MS it takes the subscriptions whose next_at has passed, moves each on to its
 * next reminder (only one instance wins a row), and sends. A 404/410 from the push service
 * deletes the subscription.
 */
export class PushScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly opts: PushSchedulerOptions) {}

  /** One pass; resolves with what happened to each due subscription. */
  async tick(): Promise<{ endpoint: string; result: SendResult | 'skipped' }[]> {
    const now = (this.opts.now ?? Date.now)();
    const out: { endpoint: string; result: SendResult | 'skipped' }[] = [];
    for (const row of await dueSubscriptions(this.opts.db, now, BATCH)) {
      if (!(await claimDue(this.opts.db, row, now))) continue;
      const reminder = dueReminder(row);
      if (!reminder || now - new Date(row.next_at!).getTime() > PUSH_STALE_MS) {
        out.push({ endpoint: row.endpoint, result: 'skipped' });
        continue;
      }
      const result = await sendPush(row, JSON.stringify(reminderPayload(reminder)), this.opts.vapid, this.opts.subject, this.opts.fetchImpl);
      if (result.kind === 'gone') await forgetEndpoint(this.opts.db, row.endpoint);
      else if (result.kind === 'failed') this.opts.log?.(`push reminder not delivered (${result.status ?? 'network'}): ${result.message}`);
      out.push({ endpoint: row.endpoint, result });
    }
    return out;
  }

  start(intervalMs = PUSH_TICK_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((e: unknown) => this.opts.log?.(`push scheduler: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => (this.running = null));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
