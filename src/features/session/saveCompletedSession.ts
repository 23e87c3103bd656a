import type { SessionRecord } from '../../data/db';
import { addSession } from '../../data/sessionsRepo';
import { setFlag } from '../../data/flagsRepo';
import { markPatternUsed } from '../../data/patternUsageRepo';

/**
 * The completion flow's `saveSession` actor: writes the session locally at once, marks
 * the first completed session, and records the pattern as recently used.
 */
export async function saveCompletedSession({ record }: { record: SessionRecord }): Promise<void> {
  await addSession(record);
  await setFlag('hasCompletedSession', true);
  await markPatternUsed(record.patternId, record.endTime);
}
