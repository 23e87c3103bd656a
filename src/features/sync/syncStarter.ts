import { useEffect, useState } from 'react';
import type * as SyncRuntimeModule from './syncRuntime';

/**
 * The page's sync engine (outbox, triggers, back-off) loads only when someone is signed
 * in: a guest's sessions stay on the device, so the first screen of a visitor does not
 * carry it.
 */
type SyncRuntime = typeof SyncRuntimeModule;
let runtime: Promise<SyncRuntime> | null = null;

export function loadSyncRuntime(): Promise<SyncRuntime> {
  runtime ??= import('./syncRuntime');
  return runtime;
}

/** Starts the engine while `signedIn`, and says whether an upload is running. */
export function useSyncEngine(signedIn: boolean): { running: boolean } {
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    let unsubscribe = () => {};
    void loadSyncRuntime().then((m) => {
      if (cancelled) return;
      m.ensureSyncStarted();
      const controller = m.getSyncController();
      const update = () => setRunning(controller.getSnapshot().running);
      update();
      unsubscribe = controller.subscribe(update);
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [signedIn]);
  return { running: signedIn && running };
}
