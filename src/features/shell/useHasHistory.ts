import { useLiveQuery } from 'dexie-react-hooks';
import { listSessions } from '../../data/sessionsRepo';

/** Whether this device holds any practised session (live). */
export function useHasHistory(): boolean {
  return useLiveQuery(async () => (await listSessions()).length > 0, [], false);
}
