import {
  deriveNetworkStatus,
  type NetworkInputs,
  type NetworkStatus,
} from '../../domain/networkStatus';
import type { HealthMonitor, HealthReport } from '../../backend/health';
import type { RequestOutcome } from '../../backend/request';

/**
 * The network status the app shows (sync badge, offline notice): the browser's online
 * flag, the connection's effective type, and whether the backend answers its health
 * check or any request. Components read it with useNetworkStatus().
 */

export interface NetworkSnapshot extends NetworkInputs {
  status: NetworkStatus;
  /** Epoch ms of the last health check, if any. */
  lastCheckedAt?: number;
}

interface NetworkInformationLike extends EventTarget {
  effectiveType?: string;
}

function connection(): NetworkInformationLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine !== false;
}

let inputs: NetworkInputs = {
  browserOnline: browserOnline(),
  effectiveType: connection()?.effectiveType,
  backendReachable: null,
};
let lastCheckedAt: number | undefined;
let snapshot: NetworkSnapshot = { ...inputs, status: deriveNetworkStatus(inputs) };
const listeners = new Set<() => void>();

function update(patch: Partial<NetworkInputs>, checkedAt?: number): void {
  const next = { ...inputs, ...patch };
  if (checkedAt !== undefined) lastCheckedAt = checkedAt;
  if (
    next.browserOnline === inputs.browserOnline &&
    next.effectiveType === inputs.effectiveType &&
    next.backendReachable === inputs.backendReachable &&
    snapshot.lastCheckedAt === lastCheckedAt
  ) {
    return;
  }
  inputs = next;
  snapshot = { ...inputs, status: deriveNetworkStatus(inputs), lastCheckedAt };
  for (const listener of listeners) listener();
}

export function subscribeNetworkStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNetworkSnapshot(): NetworkSnapshot {
  return snapshot;
}

export function getNetworkStatus(): NetworkStatus {
  return snapshot.status;
}

/** Feeds a health report into the status (the monitor's `onReport`). */
function applyHealthReport(report: HealthReport): void {
  update({ backendReachable: report.backendReachable }, report.checkedAt);
}

/** For tests: the status as if the health monitor had just reported this. */
export const applyHealthReportForTests = applyHealthReport;

let monitor: HealthMonitor | undefined;
let stopMonitoring: (() => void) | undefined;

/** A check soon after a request failed to reach the backend (at most one per 5 s). */
const FAILURE_RECHECK_MIN_GAP_MS = 5_000;

export interface MonitoringOptions {
  /** The health check to run (default: the backend's /api/health). */
  check?: () => Promise<HealthReport>;
  /**
   * Start the health monitor this long after start-up (default 2 s): the health and
   * request modules load then, off the first screen's critical path. Browser online and
   * offline events count from the first moment.
   */
  delayMs?: number;
}

/**
 * Starts watching: browser online/offline events, connection changes, request outcomes,
 * and the health monitor (a check at start, then every 10 minutes; every 30 s while the
 * backend is unreachable). Returns a stop function. Safe to call twice.
 */
export function startNetworkMonitoring(
  apiUrl: string,
  options: MonitoringOptions = {},
): () => void {
  if (stopMonitoring) return stopMonitoring;
  let stopped = false;
  let intervalMs = 10 * 60_000;
  let offOutcome: () => void = () => undefined;
  let lastFailureCheck = 0;

  const onOnline = () => {
    update({ browserOnline: true });
    void monitor?.checkNow();
  };
  const onOffline = () => update({ browserOnline: false });
  const conn = connection();
  const onConnectionChange = () => update({ effectiveType: connection()?.effectiveType });
  const onVisible = () => {
    if (document.visibilityState !== 'visible' || !monitor) return;
    const last = monitor.last;
    if (!last || Date.now() - last.checkedAt >= intervalMs) void monitor.checkNow();
  };

  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  conn?.addEventListener('change', onConnectionChange);
  document.addEventListener('visibilitychange', onVisible);
  update({ browserOnline: browserOnline(), effectiveType: conn?.effectiveType });

  const timer = setTimeout(() => {
    void Promise.all([import('../../backend/health'), import('../../backend/request')])
      .then(([health, req]) => {
        if (stopped) return;
        intervalMs = health.HEALTH_SETTINGS.intervalMs;
        const check = options.check ?? (() => health.checkHealth(apiUrl));
        const m = health.createHealthMonitor({ check, onReport: applyHealthReport });
        monitor = m;
        offOutcome = req.requester.onOutcome((outcome: RequestOutcome) => {
          if (!outcome.url.startsWith(apiUrl) || outcome.service === 'health') return;
          if (!outcome.unreachable) {
            update({ backendReachable: true });
          } else if (Date.now() - lastFailureCheck >= FAILURE_RECHECK_MIN_GAP_MS) {
            lastFailureCheck = Date.now();
            void m.checkNow();
          }
        });
        m.start();
      })
      .catch((error: unknown) => console.warn('[network] health monitor could not start', error));
  }, options.delayMs ?? 2_000);

  stopMonitoring = () => {
    stopped = true;
    clearTimeout(timer);
    monitor?.stop();
    offOutcome();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    conn?.removeEventListener('change', onConnectionChange);
    document.removeEventListener('visibilitychange', onVisible);
    monitor = undefined;
    stopMonitoring = undefined;
  };
  return stopMonitoring;
}

/** For tests: back to the initial state. */
export function resetNetworkStoreForTests(): void {
  stopMonitoring?.();
  inputs = {
    browserOnline: browserOnline(),
    effectiveType: connection()?.effectiveType,
    backendReachable: null,
  };
  lastCheckedAt = undefined;
  snapshot = { ...inputs, status: deriveNetworkStatus(inputs) };
}
