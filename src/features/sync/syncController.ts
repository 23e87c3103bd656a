import { liveQuery, type Subscription } from 'dexie';
import { db } from '../../data/db';
import { runOutbox, type OutboxConfig, type OutboxDeps, type OutboxResult } from '../../sync/outbox';
import { OUTBOX_SYNC_TAG } from '../../sync/constants';
import { saveSyncConfig } from '../../sync/syncConfig';

/**
 * The page side of the outbox: decides WHEN to run it. Triggers: app start, the `online`
 * event, the page becoming visible, a new pending session appearing, 'Sync now', and a
 * timer for the next back-off. When an upload fails for lack of network it registers the
 * Background Sync tag, so the service worker uploads even if the tab is closed by then.
 */
export interface SyncSnapshot {
  running: boolean;
  lastResult: OutboxResult | null;
  /** Epoch ms of the last finished run. */
  lastRunAt: number | null;
}

export interface SyncControllerOptions {
  getConfig: () => OutboxConfig | null;
  deps?: Omit<OutboxDeps, 'force'>;
  /** Window-like target for `online` / `visibilitychange`. */
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  registerBackgroundSync?: () => Promise<boolean>;
  /** Debounce for the "new pending session" trigger. */
  debounceMs?: number;
}

export async function registerBackgroundSync(): Promise<boolean> {
  try {
    const sw = (globalThis.navigator as Navigator | undefined)?.serviceWorker;
    if (!sw) return false;
    const reg = (await sw.getRegistration()) as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined;
    if (!reg?.sync) return false;
    await reg.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Background Sync is not available (or not allowed): the next start or `online` runs it.
    return false;
  }
}

export class SyncController {
  private snapshot: SyncSnapshot = { running: false, lastResult: null, lastRunAt: null };
  private listeners = new Set<() => void>();
  private cleanup: (() => void)[] = [];
  private current: Promise<OutboxResult | null> | null = null;
  private again = false;
  private againForce = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private debounceTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly opts: SyncControllerOptions) {}

  getSnapshot = (): SyncSnapshot => this.snapshot;

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  private set(patch: Partial<SyncSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((l) => l());
  }

  start(): () => void {
    if (this.cleanup.length) return () => this.stop();
    const win = this.opts.win ?? (typeof window !== 'undefined' ? window : undefined);
    const doc = this.opts.doc ?? (typeof document !== 'undefined' ? document : undefined);
    // Connectivity is back: back-off times (meant for server trouble) no longer apply.
    const onOnline = () => void this.run({ force: true });
    const onVisible = () => {
      if (doc?.visibilityState === 'visible') void this.run();
    };
    if (win) {
      win.addEventListener('online', onOnline);
      this.cleanup.push(() => win.removeEventListener('online', onOnline));
    }
    if (doc) {
      doc.addEventListener('visibilitychange', onVisible);
      this.cleanup.push(() => doc.removeEventListener('visibilitychange', onVisible));
    }
    // A session finished, a pattern was saved, guest data attached, a retry asked, or
    // someone signed in: upload soon.
    let last: { n: number; userId: string | null } | null = null;
    const watch = async () => ({
      n:
        (await db.sessions.where('syncState').equals('pending').count()) +
        (await db.patterns.where('syncState').equals('pending').count()),
      userId: (await db.authSession.get('current'))?.userId ?? null,
    });
    const sub: Subscription = liveQuery(watch).subscribe({
      next: (now) => {
        if (last && (now.n > last.n || (now.userId !== null && now.userId !== last.userId))) this.runSoon();
        last = now;
      },
      error: () => undefined,
    });
    this.cleanup.push(() => sub.unsubscribe());
    const config = this.opts.getConfig();
    if (config) void saveSyncConfig(config).catch(() => undefined);
    void this.run();
    return () => this.stop();
  }

  stop(): void {
    this.cleanup.splice(0).forEach((f) => f());
    this.again = false;
    this.againForce = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.retryTimer = null;
    this.debounceTimer = null;
  }

  private runSoon() {
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      void this.run();
    }, this.opts.debounceMs ?? 300);
  }

  /** Runs the outbox now (joins a run in progress, then runs once more). */
  run(options: { force?: boolean } = {}): Promise<OutboxResult | null> {
    const force = options.force ?? false;
    if (this.current) {
      this.again = true;
      this.againForce ||= force;
      return this.current;
    }
    this.current = this.execute(force).finally(() => {
      this.current = null;
      if (this.again) {
        const againForce = this.againForce;
        this.again = false;
        this.againForce = false;
        void this.run({ force: againForce });
      }
    });
    return this.current;
  }

  /** 'Sync now': ignores back-off times. */
  syncNow(): Promise<OutboxResult | null> {
    return this.run({ force: true });
  }

  private async execute(force: boolean): Promise<OutboxResult | null> {
    const config = this.opts.getConfig();
    if (!config) return null;
    this.set({ running: true });
    let result: OutboxResult;
    try {
      result = await runOutbox(config, { ...this.opts.deps, force });
    } catch (e) {
      result = {
        status: 'retry_later',
        uploaded: 0,
        failed: 0,
        localOnly: 0,
        skipped: 0,
        remaining: 0,
        offline: false,
        patternsUploaded: 0,
        patternsFailed: 0,
        error: e instanceof Error ? e.message : String(e),
      };
    }
    this.set({ running: false, lastResult: result, lastRunAt: Date.now() });
    if (result.status === 'retry_later') {
      if (result.offline) {
        // No network: the `online` event (or the service worker's sync event) resumes;
        // no timer polls while offline.
        void (this.opts.registerBackgroundSync ?? registerBackgroundSync)();
      } else {
        await this.scheduleRetry();
      }
    }
    return result;
  }

  private async scheduleRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (!this.cleanup.length) return;
    const auth = await db.authSession.get('current');
    if (!auth) return;
    const pending = await db.sessions.where('[userId+syncState]').equals([auth.userId, 'pending']).toArray();
    // Items never tried yet go with the next retry of the ones backing off.
    const next = Math.min(...pending.flatMap((s) => (s.nextAttemptAt === undefined ? [] : [s.nextAttemptAt])));
    if (!Number.isFinite(next)) return;
    const delay = Math.max(1_000, next - Date.now());
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.run();
    }, delay);
  }
}
