import { liveQuery } from 'dexie';
import { db, type PneumaDatabase } from '../../data/db';
import { getAuthSession } from '../../data/authSessionRepo';
import { pendingSessions } from '../kinds/sessionsKind';
import { SYNCED_TABLES } from '../syncedTables';
import { runOutbox, type OutboxConfig, type OutboxDeps, type OutboxResult } from '../outbox';
import { emptyOutboxResult } from '../outboxResult';
import { PULL_INTERVAL_MS } from '../constants';
import { saveSyncConfig } from '../syncConfig';
import { registerBackgroundSync } from './backgroundSyncTag';

/**
 * The page side of sync: decides WHEN to run it. A run uploads what is pending, then pulls
 * what the user's other devices changed (docs/product.md § Sync). Triggers: app start, the
 * `online` event, the page becoming visible, a new pending record or a sign-in, 'Sync
 * now', every 5 minutes while the page is visible, and a timer for the next back-off. When
 * an upload fails for lack of network it registers the Background Sync tag, so the
 * service worker uploads even if the tab is closed by then.
 */
export interface SyncSnapshot {
  running: boolean;
  lastResult: OutboxResult | null;
  /** Epoch ms of the last finished run. */
  lastRunAt: number | null;
}

export interface SyncControllerOptions {
  getConfig: () => OutboxConfig | null;
  deps?: Omit<OutboxDeps, 'force' | 'pull'>;
  /** Window-like target for `online` / `visibilitychange`. */
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  registerBackgroundSync?: () => Promise<boolean>;
  /** Debounce for the "new pending record" trigger. */
  debounceMs?: number;
  /** How often to pull while the page is visible (default 5 minutes). */
  pullIntervalMs?: number;
}

/** What one run does: ignore back-off times (`force`), and pull after uploading (default true). */
interface RunOptions {
  force?: boolean;
  pull?: boolean;
}

/** What the "something new to upload" trigger watches. */
interface OutboxWatch {
  pending: number;
  userId: string | null;
}

/** The signed-in user's pending rows of every watched table (../syncedTables.ts). */
async function readOutboxWatch(database: PneumaDatabase): Promise<OutboxWatch> {
  const userId = (await getAuthSession(database))?.userId ?? null;
  if (!userId) return { pending: 0, userId };
  const counts = await Promise.all(
    SYNCED_TABLES
      .filter((t) => t.watched)
      .map((t) =>
        t.local(database).where(`[${t.ownerField}+syncState]`).equals([userId, 'pending']).count(),
      ),
  );
  return { pending: counts.reduce((a, b) => a + b, 0), userId };
}

/** More pending records, or someone (else) signed in. */
function somethingNew(before: OutboxWatch | null, now: OutboxWatch): boolean {
  if (!before) return false;
  return now.pending > before.pending || (now.userId !== null && now.userId !== before.userId);
}

/** Epoch ms of the earliest back-off end among the user's pending sessions, or null. */
async function nextAttemptAt(): Promise<number | null> {
  const auth = await getAuthSession();
  if (!auth) return null;
  const pending = await pendingSessions(db, auth.userId).toArray();
  // Sessions never tried yet go with the next retry of the ones backing off.
  const next = Math.min(
    ...pending.flatMap((s) => (s.nextAttemptAt === undefined ? [] : [s.nextAttemptAt])),
  );
  return Number.isFinite(next) ? next : null;
}

/** A run that throws counts as server trouble: retried later. */
async function runSafely(config: OutboxConfig, deps: OutboxDeps): Promise<OutboxResult> {
  try {
    return await runOutbox(config, deps);
  } catch (e) {
    return {
      ...emptyOutboxResult('retry_later'),
      error: e instanceof Error ? e.message : String(e),
    };
  }
}

export class SyncController {
  private snapshot: SyncSnapshot = { running: false, lastResult: null, lastRunAt: null };
  private listeners = new Set<() => void>();
  private cleanup: (() => void)[] = [];
  private current: Promise<OutboxResult | null> | null = null;
  private again = false;
  private againForce = false;
  private againPull = false;
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

  /** Starts the triggers and runs once; starting twice is harmless. Returns stop. */
  start(): () => void {
    if (this.cleanup.length) return () => this.stop();
    this.listenToPage();
    this.watchOutbox();
    this.pullPeriodically();
    const config = this.opts.getConfig();
    if (config) void saveSyncConfig(config).catch(() => undefined);
    void this.run();
    return () => this.stop();
  }

  stop(): void {
    this.cleanup.splice(0).forEach((f) => f());
    this.again = false;
    this.againForce = false;
    this.againPull = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.retryTimer = null;
    this.debounceTimer = null;
  }

  /** `online` (back-off times no longer apply: they were meant for server trouble) and the page becoming visible. */
  private listenToPage() {
    const win = this.opts.win ?? (typeof window !== 'undefined' ? window : undefined);
    const doc = this.opts.doc ?? (typeof document !== 'undefined' ? document : undefined);
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
  }

  /** Every few minutes while the page is visible: what changed on other devices comes in. */
  private pullPeriodically() {
    const doc = this.opts.doc ?? (typeof document !== 'undefined' ? document : undefined);
    const timer = setInterval(() => {
      if (!doc || doc.visibilityState === 'visible') void this.run();
    }, this.opts.pullIntervalMs ?? PULL_INTERVAL_MS);
    this.cleanup.push(() => clearInterval(timer));
  }

  /** A session finished, a pattern was saved, guest data attached, a retry asked, or someone signed in: upload soon. */
  private watchOutbox() {
    let last: OutboxWatch | null = null;
    const sub = liveQuery(() => readOutboxWatch(db)).subscribe({
      next: (now) => {
        if (somethingNew(last, now)) this.runSoon();
        last = now;
      },
      error: () => undefined,
    });
    this.cleanup.push(() => sub.unsubscribe());
  }

  private runSoon() {
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      void this.run();
    }, this.opts.debounceMs ?? 300);
  }

  /** Runs now: uploads, then pulls (joins a run in progress, then runs once more). */
  run(options: RunOptions = {}): Promise<OutboxResult | null> {
    const force = options.force ?? false;
    const pull = options.pull ?? true;
    if (this.current) {
      this.again = true;
      this.againForce ||= force;
      this.againPull ||= pull;
      return this.current;
    }
    this.current = this.execute(force, pull).finally(() => {
      this.current = null;
      if (this.again) this.runAgain();
    });
    return this.current;
  }

  private runAgain() {
    const options = { force: this.againForce, pull: this.againPull };
    this.again = false;
    this.againForce = false;
    this.againPull = false;
    void this.run(options);
  }

  /** 'Sync now': ignores back-off times. */
  syncNow(): Promise<OutboxResult | null> {
    return this.run({ force: true });
  }

  /**
   * Before sign-out: uploads what is pending now (no pull), after any run in progress.
   * Resolves with that upload's result.
   */
  async flushUploads(): Promise<OutboxResult | null> {
    if (this.current) await this.current.catch(() => null);
    return this.run({ force: true, pull: false });
  }

  private async execute(force: boolean, pull: boolean): Promise<OutboxResult | null> {
    const config = this.opts.getConfig();
    if (!config) return null;
    this.set({ running: true });
    const result = await runSafely(config, { ...this.opts.deps, force, pull });
    this.set({ running: false, lastResult: result, lastRunAt: Date.now() });
    if (result.status === 'retry_later') await this.afterRetryLater(result);
    return result;
  }

  private async afterRetryLater(result: OutboxResult) {
    if (result.offline) {
      // No network: the `online` event (or the service worker's sync event) resumes;
      // no timer polls while offline.
      void (this.opts.registerBackgroundSync ?? registerBackgroundSync)();
    } else {
      await this.scheduleRetry();
    }
  }

  private async scheduleRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (!this.cleanup.length) return;
    const next = await nextAttemptAt();
    if (next === null) return;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        void this.run();
      },
      Math.max(1_000, next - Date.now()),
    );
  }
}
