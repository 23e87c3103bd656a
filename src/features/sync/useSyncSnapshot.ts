import { useEffect, useState } from 'react';
import { IDLE_SYNC_SNAPSHOT, subscribeSyncEngine } from '../../sync/page/syncEngine';
import type { SyncSnapshot } from '../../sync/page/syncController';

/**
 * The page's sync engine state (running, last result). Listens only while `signedIn`
 * (the engine's module loads then); otherwise the idle state. The engine itself is
 * started from main.tsx.
 */
export function useSyncSnapshot(signedIn: boolean): SyncSnapshot {
  const [snapshot, setSnapshot] = useState<SyncSnapshot>(IDLE_SYNC_SNAPSHOT);
  useEffect(() => {
    if (!signedIn) return;
    return subscribeSyncEngine(setSnapshot);
  }, [signedIn]);
  return signedIn ? snapshot : IDLE_SYNC_SNAPSHOT;
}
