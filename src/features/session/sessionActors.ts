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
import { withinStorageWait } from '../../data/storageWait';
import type { SessionRecord } from '../../domain/sessionRecord';
import type { Practitioner } from '../../machines/session';

/**
 * The signed-in user (null for a guest) and the local first-session flag. A flag that
 * cannot be read counts as set: better no unlock screen than a wrong one.
 */
export const readPractitioner = fromPromise<Practitioner>(async () => {
  const auth = getAuthState();
  const userId = auth.status === 'signedIn' && auth.user ? auth.user.id : null;
  const hasCompletedSession = await withinStorageWait(
    getFlag('hasCompletedSession'),
    'read the first-session flag',
  ).catch(() => true);
  return { userId, hasCompletedSession };
});

/**
 * Writes the session locally at once (the outbox uploads it from there), marks the first
 * completed session, and records the pattern as recently used. Each wait is bounded: when
 * the device's storage does not answer, the machine shows why with a retry and keeps the
 * record in memory (writes are puts by key, so a late first attempt and a retry store it once).
 * With practice without tracking on (src/app/noTracking.ts), writes nothing: the results
 * screen shows the session from navigation state alone.
 */
export const saveSession = fromPromise<void, { record: SessionRecord }>(
  async ({ input: { record } }) => {
    if (isNoTracking()) return;
    await withinStorageWait(addSession(record), 'store the finished session');
    await withinStorageWait(setFlag('hasCompletedSession', true), 'mark the first session');
    await withinStorageWait(
      markPatternUsed(record.patternId, record.endTime),
      'record the pattern as used',
    );
  },
);
