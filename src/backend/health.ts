import { API_PREFIX } from '../contracts/endpoint';
import { HEALTH_API } from '../contracts/health';
import { HttpError } from '../domain/errors/appErrors';
import { requester as defaultRequester, type Requester } from './request';

/**
 * Backend health (docs/product.md § Backend): a check every 10 minutes, 3 s per check, 10 s overall;
 * vision health 2 s; a HEAD with a 2 s limit on session start, logged only.
 */

export const HEALTH_SETTINGS = Object.freeze({
  intervalMs: 10 * 60_000,
  perCheckTimeoutMs: 3_000,
  overallTimeoutMs: 10_000,
  visionTimeoutMs: 2_000,
  sessionStartTimeoutMs: 2_000,
  /** While the backend is unreachable it is probed this often, so the app recovers by itself. */
  unreachableRecheckMs: 30_000,
});

export interface HealthCheckResult {
  name: string;
  url: string;
  /** The service answered 2xx. */
  ok: boolean;
  /** The service answered at all (any HTTP status). */
  reachable: boolean;
  status?: number;
  latencyMs: number;
  error?: string;
}

export interface HealthReport {
  /** The backend itself answered 2xx. */
  backendReachable: boolean;
  checks: HealthCheckResult[];
  checkedAt: number;
  durationMs: number;
}

export interface HealthDeps {
  requester: Requester;
  now: () => number;
}

const defaults = (): HealthDeps => ({ requester: defaultRequester, now: () => Date.now() });

async function runCheck(
  deps: HealthDeps,
  name: string,
  url: string,
  timeoutMs: number,
  signal: AbortSignal,
  method: 'GET' | 'HEAD' = 'GET',
): Promise<HealthCheckResult> {
  const started = deps.now();
  try {
    const response = await deps.requester.request<Response>(url, {
      service: 'health',
      method,
      timeoutMs,
      attempts: 1,
      signal,
      responseType: 'response',
      headers: { 'Cache-Control': 'no-store' },
    });
    return {
      name,
      url,
      ok: true,
      reachable: true,
      status: response.status,
      latencyMs: deps.now() - started,
    };
  } catch (error) {
    const status = error instanceof HttpError ? error.status : undefined;
    return {
      name,
      url,
      ok: false,
      reachable: status !== undefined,
      status,
      latencyMs: deps.now() - started,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/**
 * Runs the health checks in parallel within 10 s overall: the backend (3 s) always, and
 * the vision service (2 s) when asked. Only the backend check decides reachability; the
 * embedded server answers 503 for vision when no vision service is configured, so the
 * periodic check leaves it out (the vision feature asks for it when it needs to know).
 */
export async function checkHealth(
  apiUrl: string,
  partial: Partial<HealthDeps> = {},
  options: { includeVision?: boolean } = {},
): Promise<HealthReport> {
  const deps = { ...defaults(), ...partial };
  const started = deps.now();
  const controller = new AbortController();
  const overall = setTimeout(() => controller.abort(), HEALTH_SETTINGS.overallTimeoutMs);
  try {
    const checks = await Promise.all([
      runCheck(
        deps,
        'backend',
        `${apiUrl}${API_PREFIX}${HEALTH_API.backend.path}`,
        HEALTH_SETTINGS.perCheckTimeoutMs,
        controller.signal,
      ),
      ...(options.includeVision
        ? [
            runCheck(
              deps,
              'vision',
              `${apiUrl}${API_PREFIX}${HEALTH_API.vision.path}`,
              HEALTH_SETTINGS.visionTimeoutMs,
              controller.signal,
            ),
          ]
        : []),
    ]);
    return {
      backendReachable: checks[0]!.ok,
      checks,
      checkedAt: deps.now(),
      durationMs: deps.now() - started,
    };
  } finally {
    clearTimeout(overall);
  }
}

/**
 * On session start: HEAD {api}/api/health with a 2 s limit. Logged only; it never blocks
 * or fails the session, and a failure is treated as healthy.
 */
export async function logHealthOnSessionStart(
  apiUrl: string,
  partial: Partial<HealthDeps> = {},
): Promise<HealthCheckResult> {
  const deps = { ...defaults(), ...partial };
  const result = await runCheck(
    deps,
    'session-start',
    `${apiUrl}${API_PREFIX}${HEALTH_API.backend.path}`,
    HEALTH_SETTINGS.sessionStartTimeoutMs,
    new AbortController().signal,
    'HEAD',
  );
  if (result.ok)
    console.info(`[health] backend answered ${result.status} in ${result.latencyMs} ms`);
  else
    console.info(
      `[health] backend check on session start failed (${result.error}); continuing as healthy`,
    );
  return result;
}

export interface HealthMonitorOptions {
  check: () => Promise<HealthReport>;
  onReport: (report: HealthReport) => void;
  intervalMs?: number;
  unreachableRecheckMs?: number;
}

export interface HealthMonitor {
  start(): void;
  stop(): void;
  /** Runs a check now (joins one already running). */
  checkNow(): Promise<HealthReport | undefined>;
  readonly last: HealthReport | undefined;
}

/**
 * Checks at start, then every 10 minutes; every 30 s while the backend is unreachable.
 * Never two checks at once.
 */
export function createHealthMonitor(options: HealthMonitorOptions): HealthMonitor {
  const intervalMs = options.intervalMs ?? HEALTH_SETTINGS.intervalMs;
  const recheckMs = options.unreachableRecheckMs ?? HEALTH_SETTINGS.unreachableRecheckMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<HealthReport | undefined> | undefined;
  let last: HealthReport | undefined;
  let started = false;

  function schedule(): void {
    if (!started) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(
      () => void checkNow(),
      last && !last.backendReachable ? recheckMs : intervalMs,
    );
  }

  function checkNow(): Promise<HealthReport | undefined> {
    if (running) return running;
    running = options
      .check()
      .then((report) => {
        last = report;
        options.onReport(report);
        return report;
      })
      .catch((error: unknown) => {
        console.warn('[health] check failed to run', error);
        return undefined;
      })
      .finally(() => {
        running = undefined;
        schedule();
      });
    return running;
  }

  return {
    start() {
      if (started) return;
      started = true;
      void checkNow();
    },
    stop() {
      started = false;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    checkNow,
    get last() {
      return last;
    },
  };
}
