import { loadLocalData } from '../../data/loadLocalData';
import type { OutboxResult } from '../outboxResult';
import type { SyncSnapshot } from './syncController';
import type * as SyncRuntimeModule from './syncRuntime';

/**
 * The page's door to the sync engine (outbox, triggers, back-off: ./syncRuntime). This
 * module is light; the engine loads on first use, and is started from main.tsx only once
 * someone is signed in: a guest's sessions stay on the device, so a visitor's first
 * screen does not carry it.
 */
type SyncRuntime = typeof SyncRuntimeModule;
let runtime: Promise<SyncRuntime> | null = null;

function loadSyncRuntime(): Promise<SyncRuntime> {
  runtime ??= import('./syncRuntime');
  return runtime;
}

const startRuntime = () => void loadSyncRuntime().then((m) => m.ensureSyncStarted());

/**
 * Called once from main.tsx: starts the engine as soon as someone is signed in (now or
 * later). Once started it keeps running; signed out, its runs do nothing. Returns a
 * function that stops waiting for a sign-in. (`start` is replaceable for tests.)
 */
export function startSyncEngine(start: () => void = startRuntime): () => void {
  let waiting = true;
  let stop = () => {};
  void loadLocalData().then(
    (data) => {
      if (!waiting) return;
      const sub = data.liveQuery(() => data.getAuthSession()).subscribe({
        next: (auth) => {
          if (!auth || !waiting) return;
          waiting = false;
          start();
          queueMicrotask(() => sub.unsubscribe());
        },
        error: () => undefined,
      });
      stop = () => sub.unsubscribe();
    },
    () => undefined,
  );
  return () => {
    waiting = false;
    stop();
  };
}

/** Ask for an upload now (e.g. right after a session or a pattern was saved). */
export function requestSync(): void {
  void loadSyncRuntime().then((m) => m.getSyncController().run());
}

/**
 * Before signing out: uploads what is pending now (after any run in progress). Null when
 * sync is not configured.
 */
export async function flushUploads(): Promise<OutboxResult | null> {
  return (await loadSyncRuntime()).getSyncController().flushUploads();
}

/** 'Sync now': uploads now, ignoring back-off times. Null when sync is not configured. */
export async function syncNow(): Promise<OutboxResult | null> {
  return (await loadSyncRuntime()).getSyncController().syncNow();
}

export const IDLE_SYNC_SNAPSHOT: SyncSnapshot = Object.freeze({
  running: false,
  lastResult: null,
  lastRunAt: null,
});

/**
 * Calls `listener` with the engine's state now and on every change (the engine loads
 * first). Returns unsubscribe.
 */
export function subscribeSyncEngine(listener: (snapshot: SyncSnapshot) => void): () => void {
  let cancelled = false;
  let unsubscribe = () => {};
  void loadSyncRuntime().then((m) => {
    if (cancelled) return;
    const controller = m.getSyncController();
    const update = () => listener(controller.getSnapshot());
    update();
    unsubscribe = controller.subscribe(update);
  });
  return () => {
    cancelled = true;
    unsubscribe();
  };
}
