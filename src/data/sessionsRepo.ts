import { db, type SessionRecord } from './db';

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
