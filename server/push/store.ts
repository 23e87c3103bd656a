import { nextOfAll, type Reminder } from '../../src/domain/reminders/schedule';
import type { Db } from '../db/types';

/** One device's subscription as kept in pneuma_private.push_subscriptions. */
export interface SubscriptionRow {
  endpoint: string;
  user_id: string;
  session_id: string | null;
  p256dh: string;
  auth: string;
  time_zone: string;
  reminders: Reminder[];
  next_at: Date | string | null;
}

const COLS = 'endpoint, user_id, session_id, p256dh, auth, time_zone, reminders, next_at';

export function nextAt(reminders: Reminder[], timeZone: string, afterMs: number): Date | null {
  const t = nextOfAll(reminders, timeZone, afterMs);
  return t === null ? null : new Date(t);
}

/** The caller's subscription for this endpoint, or null (someone else's is null too). */
export async function ownSubscription(
  db: Db,
  userId: string,
  endpoint: string,
): Promise<SubscriptionRow | null> {
  const r = await db.query<SubscriptionRow>(
    `select ${COLS} from pneuma_private.push_subscriptions where endpoint = $1 and user_id = $2::uuid`,
    [endpoint, userId],
  );
  return r.rows[0] ?? null;
}

/** Devices (push subscriptions) one account keeps; a new one beyond it replaces the least recently saved. */
export const MAX_SUBSCRIPTIONS_PER_ACCOUNT = 5;

/**
 * Stores (or replaces) the caller's subscription for a device. An endpoint already kept for
 * another account answers 'taken' and changes nothing. An account keeps at most
 * MAX_SUBSCRIPTIONS_PER_ACCOUNT devices: saving a new one past that deletes the account's
 * least recently saved others (a browser that renewed its subscription leaves its old endpoint
 * behind until the push service says 410). The account's saves are serialised by a
 * transaction lock, so concurrent saves cannot pass the cap together.
 */
export async function saveSubscription(
  db: Db,
  row: Omit<SubscriptionRow, 'next_at'>,
  nowMs: number,
): Promise<'saved' | 'taken'> {
  const next = nextAt(row.reminders, row.time_zone, nowMs);
  return db.transaction(async (tx) => {
    await tx.query(
      "select pg_advisory_xact_lock(hashtextextended('push-subscriptions:' || $1::text, 0))",
      [row.user_id],
    );
    const r = await tx.query<{ endpoint: string }>(
      `insert into pneuma_private.push_subscriptions as s (${COLS})
       values ($1, $2::uuid, $3::uuid, $4, $5, $6, $7::jsonb, $8)
       on conflict (endpoint) do update
         set session_id = excluded.session_id, p256dh = excluded.p256dh, auth = excluded.auth,
             time_zone = excluded.time_zone, reminders = excluded.reminders, next_at = excluded.next_at,
             updated_at = now()
         where s.user_id = excluded.user_id
       returning endpoint`,
      [
        row.endpoint,
        row.user_id,
        row.session_id,
        row.p256dh,
        row.auth,
        row.time_zone,
        JSON.stringify(row.reminders),
        next,
      ],
    );
    if (!r.rows.length) return 'taken';
    await tx.query(
      `delete from pneuma_private.push_subscriptions where endpoint in (
         select endpoint from pneuma_private.push_subscriptions
          where user_id = $1::uuid and endpoint <> $2
          order by updated_at desc, created_at desc
          offset $3)`,
      [row.user_id, row.endpoint, MAX_SUBSCRIPTIONS_PER_ACCOUNT - 1],
    );
    return 'saved';
  });
}

export async function deleteSubscription(
  db: Db,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const r = await db.query<{ endpoint: string }>(
    'delete from pneuma_private.push_subscriptions where endpoint = $1 and user_id = $2::uuid returning endpoint',
    [endpoint, userId],
  );
  return r.rows.length > 0;
}

/** Subscriptions with a reminder due at `nowMs` (oldest first). */
export async function dueSubscriptions(
  db: Db,
  nowMs: number,
  limit: number,
): Promise<SubscriptionRow[]> {
  const r = await db.query<SubscriptionRow>(
    `select ${COLS} from pneuma_private.push_subscriptions where next_at <= $1 order by next_at limit $2`,
    [new Date(nowMs), limit],
  );
  return r.rows;
}

/**
 * Moves a due subscription on to its next reminder, only if no other instance did first
 * (the row still has the next_at this one read): true when this instance should send.
 */
export async function claimDue(db: Db, row: SubscriptionRow, nowMs: number): Promise<boolean> {
  const next = nextAt(row.reminders, row.time_zone, nowMs);
  const r = await db.query<{ endpoint: string }>(
    `update pneuma_private.push_subscriptions set next_at = $3, last_sent_at = now()
      where endpoint = $1 and next_at = $2 returning endpoint`,
    [row.endpoint, row.next_at, next],
  );
  return r.rows.length > 0;
}

export async function forgetEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.query('delete from pneuma_private.push_subscriptions where endpoint = $1', [endpoint]);
}

/** The earliest next_at after `afterMs` (epoch ms), or null when no reminder is planned. */
export async function earliestDue(db: Db, afterMs: number): Promise<number | null> {
  const r = await db.query<{ at: Date | string | null }>(
    'select min(next_at) as at from pneuma_private.push_subscriptions where next_at > $1',
    [new Date(afterMs)],
  );
  const at = r.rows[0]?.at;
  return at ? new Date(at).getTime() : null;
}
