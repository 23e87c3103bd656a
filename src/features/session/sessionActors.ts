/**
 * The session machine's side effects that touch the device: who is practising, and
 * writing the finished session. Provided to the machine by useSessionController.
 */
import { fromPromise } from 'xstate';
import { getAuthState } from '../../app/auth/authStore';
import { isNoTracking } from '../../app/noTracking';
import { getFlag, setFlag } from '../../data/flagsRepo';
import { markPatternUsed } from '../../data/patternUsageRepo';
import { addSession } from '../../data/sessionsRepo';
import type { SessionRecord } from '../../domain/sessionRecord';
import type { Practitioner } from '../../machines/session';

/**
 * The signed-in user (null for a guest) and the local first-session flag. A flag that
 * cannot be read counts as set: better no unlock screen than a wrong one.
 */
export const readPractitioner = fromPromise<Practitioner>(async () => {
  const auth = getAuthState();
  const userId = auth.status === 'signedIn' && auth.user ? auth.user.id : null;
  const hasCompletedSession = await getFlag('hasCompletedSession').catch(() => true);
  return { userId, hasCompletedSession };
});

/**
 * Writes the session locally at once (the outbox uploads it from there), marks the first
 * completed session, and records the pattern as recently used. With practice without
 * tracking on (src/app/noTracking.ts), writes nothing: the results screen shows the
 * session from navigation state alone.
 */
export const saveSession = fromPromise<void, { record: SessionRecord }>(
  async ({ input: { record } }) => {
    if (isNoTracking()) return;
    await addSession(record);
    await setFlag('hasCompletedSession', true);
    await markPatternUsed(record.patternId, record.endTime);
  },
);
