/**
 * The session machine's side effects that touch the device: who is practising, and
 * writing the finished session. Provided to the machine by useSessionController.
 */
import { fromPromise } from 'xstate';
import { getAuthState } from '../../app/auth/authStore';
import { saveFinishedSession } from '../../app/practiceSave';
import { getFlag } from '../../data/flagsRepo';
import { withinStorageWait } from '../../data/storageWait';
import type { SessionRecord } from '../../domain/sessionRecord';
import type { Practitioner } from '../../machines/sessionContext';

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
 * Stores the finished session through the one save path (app/practiceSave): nothing with
 * practice without tracking on, every wait bounded (the machine shows why with a retry and
 * keeps the record in memory), the pattern marked used, the first-session flag set.
 */
export const saveSession = fromPromise<void, { record: SessionRecord }>(
  async ({ input: { record } }) => {
    await saveFinishedSession(record);
  },
);
