import type { ErrorLogRecord } from '../../data/db';
import {
  SAMPLED_OUT_KEY,
  SAMPLED_OUT_VALUE,
  addErrorLog,
  markLocalOnly,
  markReported,
  pendingReports,
} from '../../data/errorLogRepo';
import { HttpError } from '../../domain/errors/appErrors';
import { failureClass } from '../../domain/errors/statusLadder';
import { classifyError } from '../../domain/errors/classifier';
import { scrubRecord, scrubString } from '../../domain/errors/scrub';
import { maxSeverity, type ErrorSeverity } from '../../domain/errors/types';

/**
 * Error capture and remote reporting (docs/product.md § Errors): every captured error is classified, kept
 * locally (src/data/errorLogRepo: last 100, 50 per session) and sent in batches to
 * POST {api}/api/errors. Critical errors always and at once; low ones at 10% sampling;
 * the rest batched. Offline, reports wait in IndexedDB and leave later. Nothing here
 * ever throws into the caller or blocks the UI; secrets are scrubbed before storage.
 */

export const REPORTING = Object.freeze({
  lowSampleRate: 0.1,
  batchDelayMs: 5_000,
  maxBatch: 50,
  retryDelayMs: 60_000,
  /** At most this many captures per minute (a render loop must not flood the log). */
  maxPerMinute: 30,
});

export interface CaptureOptions {
  /** Where it was caught: 'window.error', 'unhandledrejection', 'route', 'boundary', ... */
  source?: string;
  /** Raise the classified severity to at least this (global handlers use 'high'). */
  minSeverity?: ErrorSeverity;
  /** Extra facts; scrubbed before storage. */
  context?: Record<string, unknown>;
  /** false: keep locally only (e.g. sharing and auth-gate failures are only logged). */
  report?: boolean;
}

/** One report as sent (a type, not an interface, so it is checked against the contract's open shape). */
export type ReportPayload = {
  message: string;
  category: string;
  severity: ErrorSeverity;
  name?: string;
  stack?: string;
  url?: string;
  userAgent?: string;
  timestamp: string;
  context?: Record<string, unknown>;
};

export interface ReporterDeps {
  /** Sends one batch; resolves when the server accepted it. */
  send: (reports: ReportPayload[]) => Promise<void>;
  random: () => number;
  now: () => number;
  isOnline: () => boolean;
  store: {
    add: (record: Omit<ErrorLogRecord, 'id'>) => Promise<number>;
    pending: (limit: number) => Promise<ErrorLogRecord[]>;
    markReported: (ids: number[]) => Promise<void>;
    markRejected: (ids: number[]) => Promise<void>;
  };
  pageUrl: () => string | undefined;
  userAgent: () => string | undefined;
}

export interface ErrorReporter {
  capture(error: unknown, options?: CaptureOptions): Promise<number | undefined>;
  flush(): Promise<void>;
  stop(): void;
}

const MAX_MESSAGE = 4_000;
const MAX_STACK = 20_000;

function toPayload(record: ErrorLogRecord): ReportPayload {
  const { name, url, userAgent, ...context } = (record.context ?? {}) as Record<string, unknown>;
  return {
    message: record.message.slice(0, MAX_MESSAGE) || 'Unknown error',
    category: record.category,
    severity: record.severity,
    name: typeof name === 'string' ? name : undefined,
    stack: record.stack?.slice(0, MAX_STACK),
    url: typeof url === 'string' ? url.slice(0, 2000) : undefined,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 1000) : undefined,
    timestamp: new Date(record.timestamp).toISOString(),
    context: Object.keys(context).length > 0 ? context : undefined,
  };
}

export function createErrorReporter(deps: ReporterDeps): ErrorReporter {
  let batchTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> | undefined;
  let again = false;
  /** A 401 means the configured key is wrong: stop sending until the next page load. */
  let disabled = false;
  let stopped = false;
  let windowStart = 0;
  let windowCount = 0;

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (delayMs === 0) {
      void flush();
      return;
    }
    if (batchTimer !== undefined) return;
    batchTimer = setTimeout(() => {
      batchTimer = undefined;
      void flush();
    }, delayMs);
  }

  async function capture(
    error: unknown,
    options: CaptureOptions = {},
  ): Promise<number | undefined> {
    try {
      const now = deps.now();
      if (now - windowStart >= 60_000) {
        windowStart = now;
        windowCount = 0;
      }
      windowCount += 1;
      if (windowCount > REPORTING.maxPerMinute) return undefined;

      const c = classifyError(error);
      const severity = options.minSeverity
        ? maxSeverity(c.severity, options.minSeverity)
        : c.severity;
      const wantsReport = options.report !== false;
      const sampledOut =
        wantsReport && severity === 'low' && deps.random() >= REPORTING.lowSampleRate;
      const context: Record<string, unknown> = scrubRecord({
        ...options.context,
        source: options.source,
        name: c.name,
        errorCase: c.errorCase,
        url: deps.pageUrl(),
        userAgent: deps.userAgent(),
      });
      if (!wantsReport || sampledOut)
        context[SAMPLED_OUT_KEY] = wantsReport ? SAMPLED_OUT_VALUE : 'local_only';
      const record: Omit<ErrorLogRecord, 'id'> = {
        timestamp: now,
        message: scrubString(c.message).slice(0, MAX_MESSAGE),
        category: c.category,
        severity,
        stack: c.stack ? scrubString(c.stack).slice(0, MAX_STACK) : undefined,
        context,
        reported: false,
      };
      let id: number | undefined;
      try {
        id = await deps.store.add(record);
      } catch (storeError) {
        // IndexedDB unavailable: not kept, but still sent when it would have been
        console.warn('[errors] could not store an error locally', storeError);
        if (wantsReport && !sampledOut && !disabled) {
          deps.send([toPayload(record as ErrorLogRecord)]).catch(() => undefined);
        }
        return undefined;
      }
      if (wantsReport && !sampledOut)
        schedule(severity === 'critical' ? 0 : REPORTING.batchDelayMs);
      return id;
    } catch (captureFailure) {
      console.warn('[errors] capture failed', captureFailure);
      return undefined;
    }
  }

  async function flushOnce(): Promise<void> {
    if (disabled || stopped || !deps.isOnline()) return;
    const batch = await deps.store.pending(REPORTING.maxBatch);
    if (batch.length === 0) return;
    const ids = batch.map((r) => r.id).filter((id): id is number => id !== undefined);
    try {
      await deps.send(batch.map(toPayload));
      await deps.store.markReported(ids);
      if (batch.length === REPORTING.maxBatch) again = true;
    } catch (error) {
      // The status ladder (src/domain/errors/statusLadder.ts); a network failure is transient.
      const rung = error instanceof HttpError ? failureClass(error.status) : 'transient';
      if (rung === 'unauthorized') {
        disabled = true;
        console.warn('[errors] the error endpoint refused the configured key; reports stay local');
      } else if (rung === 'rejected' || rung === 'not_found') {
        await deps.store.markRejected(ids);
        console.warn('[errors] the error endpoint rejected a batch', (error as Error).message);
      } else if (retryTimer === undefined && !stopped) {
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          void flush();
        }, REPORTING.retryDelayMs);
      }
    }
  }

  function flush(): Promise<void> {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      try {
        do {
          again = false;
          await flushOnce();
        } while (again && !disabled && !stopped);
      } catch (error) {
        console.warn('[errors] flush failed', error);
      } finally {
        flushing = undefined;
      }
    })();
    return flushing;
  }

  return {
    capture,
    flush,
    stop() {
      stopped = true;
      if (batchTimer !== undefined) clearTimeout(batchTimer);
      if (retryTimer !== undefined) clearTimeout(retryTimer);
    },
  };
}

/** Store functions over the Dexie error log. */
export const dexieErrorStore: ReporterDeps['store'] = {
  add: addErrorLog,
  pending: (limit) => pendingReports(limit),
  markReported: (ids) => markReported(ids),
  markRejected: (ids) => markLocalOnly(ids, 'rejected'),
};
