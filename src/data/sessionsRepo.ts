import { db, type SessionRecord, type SyncState } from './db';

/** Writes a finished session locally, at once. The outbox picks it up from here. */
export async function addSession(session: SessionRecord): Promise<void> {
  await db.sessions.put(session);
}

export async function getSession(id: string): Promise<SessionRecord | undefined> {
  return db.sessions.get(id);
}

/** Newest first. */
export async function listSessions(): Promise<SessionRecord[]> {
  return db.sessions.orderBy('createdAt').reverse().toArray();
}

/** Sessions visible to this person: their own plus guest sessions of this device. */
export async function listSessionsFor(userId: string | null): Promise<SessionRecord[]> {
  const all = await listSessions();
  return all.filter((s) => s.userId === null || s.userId === userId);
}

export interface SyncCounts {
  pending: number;
  failed: number;
  localOnly: number;
  guest: number;
  synced: number;
}

/**
 * Counts per sync state, from the indexes (no row is read). With a userId, only that
 * user's rows; guest sessions are counted device-wide. Without one, every row.
 */
export async function countBySyncState(userId?: string | null): Promise<SyncCounts> {
  const states: [SyncState, keyof SyncCounts][] = [
    ['pending', 'pending'],
    ['failed', 'failed'],
    ['local_only', 'localOnly'],
    ['synced', 'synced'],
  ];
  const counts: SyncCounts = { pending: 0, failed: 0, localOnly: 0, guest: 0, synced: 0 };
  await Promise.all([
    ...states.map(async ([state, key]) => {
      if (userId === undefined) counts[key] = await db.sessions.where('syncState').equals(state).count();
      else if (userId === null) counts[key] = 0; // signed out: only guest sessions are "yours"
      else counts[key] = await db.sessions.where('[userId+syncState]').equals([userId, state]).count();
    }),
    (async () => {
      counts.guest = await db.sessions.where('syncState').equals('guest').count();
    })(),
  ]);
  return counts;
}

/** Sessions that need attention: failed uploads and local-only ones, newest first. */
export async function listProblemSessions(userId?: string | null): Promise<SessionRecord[]> {
  const rows = await db.sessions.where('syncState').anyOf('failed', 'local_only').toArray();
  return rows
    .filter((s) => userId === undefined || s.userId === userId)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
}

/**
 * Puts a failed (or local-only) session back in the outbox; returns false when there is
 * nothing to retry.
 */
export async function retrySession(id: string): Promise<boolean> {
  return db.transaction('rw', db.sessions, async () => {
    const s = await db.sessions.get(id);
    if (!s || (s.syncState !== 'failed' && s.syncState !== 'local_only')) return false;
    await db.sessions.update(id, {
      syncState: 'pending',
      attempts: 0,
      nextAttemptAt: undefined,
      lastError: undefined,
    });
    return true;
  });
}

/** Puts every failed session of the user back in the outbox; returns how many. */
export async function retryAllFailed(userId: string): Promise<number> {
  return db.sessions
    .where('[userId+syncState]')
    .equals([userId, 'failed'])
    .modify((s) => {
      s.syncState = 'pending';
      s.attempts = 0;
      delete s.nextAttemptAt;
      delete s.lastError;
    });
}

export async function countGuestSessions(): Promise<number> {
  return db.sessions.where('syncState').equals('guest').count();
}

/**
 * The user chose to add this device's guest sessions to the account: they become theirs
 * and pending, so they sync like any other. Guest-made custom patterns move with them.
 * Returns the number of sessions attached.
 */
export async function attachGuestSessions(userId: string): Promise<number> {
  return db.transaction('rw', db.sessions, db.patterns, async () => {
    const n = await db.sessions
      .where('syncState')
      .equals('guest')
      .modify((s) => {
        s.userId = userId;
        s.syncState = 'pending';
        s.attempts = 0;
        delete s.nextAttemptAt;
      });
    await db.patterns
      .where('syncState')
      .equals('guest')
      .modify((p) => {
        p.userId = userId;
        p.syncState = 'pending';
      });
    return n;
  });
}

const GUEST_ATTACH_DECLINED_KEY = 'guestAttachDeclined';

/** Remembers that this user said "keep them on this device", so we do not ask again. */
export async function declineGuestAttach(userId: string): Promise<void> {
  await db.preferences.put({ key: `${GUEST_ATTACH_DECLINED_KEY}:${userId}`, value: true });
}

export async function hasDeclinedGuestAttach(userId: string): Promise<boolean> {
  return (await db.preferences.get(`${GUEST_ATTACH_DECLINED_KEY}:${userId}`))?.value === true;
}
