import {
  db as defaultDb,
  type CustomPatternRecord,
  type PneumaDatabase,
  type SessionRecord,
} from '../data/db';
import type { StoredAuthSession } from '../data/authSessionRepo';
import {
  OUTBOX_BATCH_SIZE,
  OUTBOX_LOCK_NAME,
  OUTBOX_MAX_RETRIES,
  REQUEST_TIMEOUT_MS,
  backoffMs,
} from './constants';
import {
  INVALID_START_TIME,
  NETWORK_FAILURE,
  NO_REFRESH_TOKEN,
  REFRESH_FAILED,
  SERVICE_NOT_FOUND,
} from './messages';

/**
 * The outbox: uploads the signed-in user's pending sessions to the PostgREST endpoint
 * `/rest/v1/sessions` as idempotent upserts keyed by the client-made id, so a replay (a
 * page closed mid-batch, a lost response, the page and the service worker both running)
 * can never store a session twice.
 *
 * Plain fetch, no supabase-js and no DOM: the same module runs in the page and in the
 * service worker. Tokens come from `db.authSession`.
 *
 * Status classes, per batch:
 * - 2xx: every session of the batch is marked synced.
 * - 401: the token is refreshed once per run (refresh_token grant), then the batch is
 *   sent again; if that fails the run stops and the sessions stay pending.
 * - 404: the session API is missing: the batch is kept local only (spec 4), never synced.
 * - 408, 429, 5xx, network errors: retried with back-off (spec 9: 1 s doubling to 30 s,
 *   3 retries), then left pending with `nextAttemptAt` for a later run.
 * - any other 4xx: the batch is split so only the rows the server rejects are marked
 *   failed, with the server's message; they are never retried automatically.
 */

export interface OutboxConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export interface OutboxDeps {
  db?: PneumaDatabase;
  fetch?: typeof fetch;
  /** Epoch ms. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  batchSize?: number;
  maxRetries?: number;
  /** False when the device knows it is offline (navigator.onLine). */
  isOnline?: () => boolean;
  /** Replaces the built-in refresh_token grant (e.g. supabase-js in the page). */
  refreshSession?: (current: StoredAuthSession) => Promise<StoredAuthSession | null>;
  /** Ignore back-off times ('Sync now'). */
  force?: boolean;
  /** Called after each batch (for progress display). */
  onBatch?: (info: { uploaded: number; total: number }) => void;
}

export type OutboxStatus =
  /** Nothing left that can be sent now. */
  | 'done'
  /** Nobody is signed in: nothing is uploaded. */
  | 'signed_out'
  /** The token could not be refreshed: the user must sign in again. */
  | 'auth_required'
  /** Network errors or server trouble: something is left for a later run. */
  | 'retry_later';

export interface OutboxResult {
  status: OutboxStatus;
  uploaded: number;
  failed: number;
  localOnly: number;
  skipped: number;
  /** Pending sessions of the user still in the outbox after this run. */
  remaining: number;
  /** True when the last trouble was the network (worth a Background Sync registration). */
  offline: boolean;
  error?: string;
  /** Custom patterns uploaded / refused (kept, marked) in this run. */
  patternsUploaded: number;
  patternsFailed: number;
}

type SendOutcome =
  | { kind: 'ok' }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'not_found'; message: string }
  | { kind: 'transient'; message: string; network: boolean }
  | { kind: 'rejected'; status: number; message: string };

/** The row sent to public.sessions. Every row has the same keys (PostgREST bulk insert). */
export interface SessionRow {
  id: string;
  user_id: string;
  pattern_id: string;
  pattern_name: string;
  session_duration: number;
  cycle_count: number;
  target_cycles: number;
  breath_hold_time: number | null;
  restlessness_score: number | null;
  stillness_score: number | null;
  quality_score: number | null;
  session_type: string;
  camera_used: boolean;
  ai_used: boolean;
  start_time: string;
  end_time: string;
  completed: boolean;
  created_at: string;
}

const num = (v: number | undefined): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

export function isValidStartTime(s: Pick<SessionRecord, 'startTime'>): boolean {
  return (
    typeof s.startTime === 'number' &&
    Number.isFinite(s.startTime) &&
    s.startTime > 0 &&
    !Number.isNaN(new Date(s.startTime).getTime())
  );
}

export function toSessionRow(s: SessionRecord, userId: string): SessionRow {
  const end = Number.isFinite(s.endTime) && s.endTime > 0 ? s.endTime : s.startTime;
  return {
    id: s.id,
    user_id: userId,
    pattern_id: s.patternId,
    pattern_name: s.patternName,
    session_duration: Math.max(0, Math.round(Number.isFinite(s.duration) ? s.duration : 0)),
    cycle_count: Math.max(0, Math.round(s.cycleCount || 0)),
    target_cycles: Math.max(0, Math.round(s.targetCycles || 0)),
    breath_hold_time: num(s.breathHoldTime),
    restlessness_score: num(s.restlessnessScore),
    stillness_score: num(s.stillnessScore),
    quality_score: num(s.qualityScore),
    session_type: s.sessionType,
    camera_used: Boolean(s.cameraUsed),
    ai_used: Boolean(s.aiUsed),
    start_time: new Date(s.startTime).toISOString(),
    end_time: new Date(end).toISOString(),
    completed: Boolean(s.completed),
    created_at: s.createdAt,
  };
}

/** The row sent to public.patterns. */
export function toPatternRow(p: CustomPatternRecord, userId: string) {
  return {
    id: p.id,
    user_id: userId,
    name: p.name,
    description: p.description || null,
    inhale: p.inhale,
    hold: p.hold,
    exhale: p.exhale,
    hold_after_exhale: p.hold_after_exhale,
    category: p.category,
    difficulty: p.difficulty,
    benefits: p.benefits ?? [],
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    deleted: Boolean(p.deleted),
  };
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function defaultIsOnline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return nav?.onLine !== false;
}

async function readError(res: Response): Promise<string> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    /* body unreadable: the status says enough */
  }
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    const msg = j.message ?? j.msg ?? j.error_description ?? j.error;
    if (typeof msg === 'string' && msg) return `${res.status}: ${msg}`;
  } catch {
    /* not JSON */
  }
  return `${res.status}: ${text.slice(0, 200) || res.statusText || 'request failed'}`;
}

/** Refresh-token grant against the Supabase Auth API (plain fetch). */
export async function refreshWithToken(
  config: OutboxConfig,
  current: StoredAuthSession,
  fetchImpl: typeof fetch,
  nowMs: number,
): Promise<StoredAuthSession | null> {
  if (!current.refreshToken) throw new Error(NO_REFRESH_TOKEN);
  const res = await fetchImpl(
    `${config.supabaseUrl.replace(/\/$/, '')}/auth/v1/token?grant_type=refresh_token`,
    {
      method: 'POST',
      headers: { apikey: config.supabaseAnonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: current.refreshToken }),
    },
  );
  if (!res.ok) return null;
  const j = (await res.json()) as {
    access_token?: string;
    refresh_token?: string;
    expires_at?: number;
    expires_in?: number;
    user?: { id?: string; email?: string | null };
  };
  if (!j.access_token) return null;
  return {
    accessToken: j.access_token,
    refreshToken: j.refresh_token ?? current.refreshToken,
    expiresAt: j.expires_at ?? Math.floor(nowMs / 1000) + (j.expires_in ?? 3600),
    userId: j.user?.id ?? current.userId,
    email: j.user?.email ?? current.email,
  };
}

let localQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs one exclusive outbox pass. The page and the service worker share a Web Lock where
 * the runtime has one; inside one realm calls are queued.
 */
export function runOutbox(config: OutboxConfig, deps: OutboxDeps = {}): Promise<OutboxResult> {
  const locks = (
    globalThis as {
      navigator?: { locks?: { request: (n: string, cb: () => Promise<OutboxResult>) => Promise<OutboxResult> } };
    }
  ).navigator?.locks;
  const run = () => (locks ? locks.request(OUTBOX_LOCK_NAME, () => runOutboxUnlocked(config, deps)) : runOutboxUnlocked(config, deps));
  const next = localQueue.then(run, run);
  localQueue = next.catch(() => undefined);
  return next;
}

/** One outbox pass without any locking (tests call this to simulate two tabs racing). */
export async function runOutboxUnlocked(
  config: OutboxConfig,
  deps: OutboxDeps = {},
): Promise<OutboxResult> {
  const database = deps.db ?? defaultDb;
  const fetchImpl = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  const batchSize = Math.max(1, deps.batchSize ?? OUTBOX_BATCH_SIZE);
  const maxRetries = Math.max(0, deps.maxRetries ?? OUTBOX_MAX_RETRIES);
  const isOnline = deps.isOnline ?? defaultIsOnline;
  const base = config.supabaseUrl.replace(/\/$/, '');

  const result: OutboxResult = {
    status: 'done',
    uploaded: 0,
    failed: 0,
    localOnly: 0,
    skipped: 0,
    remaining: 0,
    offline: false,
    patternsUploaded: 0,
    patternsFailed: 0,
  };

  const authRow = await database.authSession.get('current');
  if (!authRow) return { ...result, status: 'signed_out' };
  let auth: StoredAuthSession = {
    accessToken: authRow.accessToken,
    refreshToken: authRow.refreshToken,
    expiresAt: authRow.expiresAt,
    userId: authRow.userId,
    email: authRow.email,
  };
  const userId = auth.userId;
  let refreshed = false;

  const pendingAll = await database.sessions
    .where('[userId+syncState]')
    .equals([userId, 'pending'])
    .toArray();
  const t0 = now();
  const due = pendingAll
    .filter((s) => deps.force || s.nextAttemptAt === undefined || s.nextAttemptAt <= t0)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));

  // Spec 4: a session with an invalid start time is skipped (kept on the device, shown).
  const invalid = due.filter((s) => !isValidStartTime(s));
  if (invalid.length) {
    await database.sessions.bulkUpdate(
      invalid.map((s) => ({
        key: s.id,
        changes: { syncState: 'local_only' as const, lastError: INVALID_START_TIME },
      })),
    );
    result.skipped += invalid.length;
    result.localOnly += invalid.length;
  }
  const sendable = due.filter((s) => isValidStartTime(s));

  const send = async (
    rows: unknown[],
    table: 'sessions' | 'patterns' = 'sessions',
  ): Promise<SendOutcome> => {
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), REQUEST_TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetchImpl(`${base}/rest/v1/${table}?on_conflict=id`, {
        method: 'POST',
        headers: {
          apikey: config.supabaseAnonKey,
          Authorization: `Bearer ${auth.accessToken}`,
          'Content-Type': 'application/json',
          // Sessions never change once made: a replay is ignored. Patterns can be edited:
          // the newest local version wins.
          Prefer: `resolution=${table === 'sessions' ? 'ignore' : 'merge'}-duplicates,return=minimal`,
        },
        body: JSON.stringify(rows),
        signal: ctrl.signal,
      });
    } catch (e) {
      return {
        kind: 'transient',
        network: true,
        message: `${NETWORK_FAILURE} (${e instanceof Error ? e.message : String(e)})`,
      };
    } finally {
      clearTimeout(timer);
    }
    if (res.ok) {
      // Drain the body so the connection is reusable; its content is not needed.
      await res.text().catch(() => '');
      return { kind: 'ok' };
    }
    const message = await readError(res);
    if (res.status === 401) return { kind: 'unauthorized', message };
    if (res.status === 404) return { kind: 'not_found', message: `${SERVICE_NOT_FOUND} (${message})` };
    if (res.status === 408 || res.status === 429 || res.status >= 500) {
      return { kind: 'transient', network: false, message };
    }
    return { kind: 'rejected', status: res.status, message };
  };

  const refresh = async (): Promise<boolean> => {
    refreshed = true;
    try {
      const next = deps.refreshSession
        ? await deps.refreshSession(auth)
        : await refreshWithToken(config, auth, fetchImpl, now());
      if (!next || next.userId !== userId) return false;
      auth = next;
      await database.authSession.put({
        ...next,
        key: 'current',
        // Tokens refreshed here (not by supabase-js) must be handed to supabase-js later.
        updatedBy: deps.refreshSession ? 'page' : 'outbox',
      });
      return true;
    } catch {
      return false;
    }
  };

  const markSynced = async (batch: SessionRecord[]) => {
    const at = now();
    await database.transaction('rw', database.sessions, database.preferences, async () => {
      await database.sessions.bulkUpdate(
        batch.map((s) => ({
          key: s.id,
          changes: {
            syncState: 'synced' as const,
            syncedAt: at,
            attempts: (s.attempts ?? 0) + 1,
            lastError: undefined,
            nextAttemptAt: undefined,
          },
        })),
      );
      await database.preferences.put({ key: 'lastSyncTime', value: at });
    });
    result.uploaded += batch.length;
  };

  const markAll = async (batch: SessionRecord[], changes: Partial<SessionRecord>) => {
    await database.sessions.bulkUpdate(
      batch.map((s) => ({
        key: s.id,
        changes: { ...changes, attempts: (s.attempts ?? 0) + 1 },
      })),
    );
  };

  /** Returns false when the run must stop. */
  const uploadBatch = async (batch: SessionRecord[]): Promise<boolean> => {
    const rows = batch.map((s) => toSessionRow(s, userId));
    let transientTries = 0;
    for (;;) {
      const outcome = await send(rows);
      switch (outcome.kind) {
        case 'ok':
          await markSynced(batch);
          return true;
        case 'unauthorized': {
          if (!refreshed && (await refresh())) continue;
          await database.sessions.bulkUpdate(
            batch.map((s) => ({ key: s.id, changes: { lastError: REFRESH_FAILED } })),
          );
          result.status = 'auth_required';
          result.error = REFRESH_FAILED;
          return false;
        }
        case 'not_found':
          await markAll(batch, { syncState: 'local_only', lastError: outcome.message });
          result.localOnly += batch.length;
          return true;
        case 'rejected': {
          if (batch.length > 1) {
            // One bad row fails the whole statement: send each alone so only it is marked.
            for (const s of batch) {
              if (!(await uploadBatch([s]))) return false;
            }
            return true;
          }
          await markAll(batch, { syncState: 'failed', lastError: outcome.message, nextAttemptAt: undefined });
          result.failed += batch.length;
          return true;
        }
        case 'transient': {
          transientTries += 1;
          const offlineNow = outcome.network && !isOnline();
          if (transientTries <= maxRetries && !offlineNow) {
            await sleep(backoffMs(transientTries));
            continue;
          }
          const at = now();
          await database.sessions.bulkUpdate(
            batch.map((s) => {
              const attempts = (s.attempts ?? 0) + 1;
              return {
                key: s.id,
                changes: { attempts, lastError: outcome.message, nextAttemptAt: at + backoffMs(attempts) },
              };
            }),
          );
          result.status = 'retry_later';
          result.offline = outcome.network;
          result.error = outcome.message;
          return false;
        }
      }
    }
  };

  /** Custom patterns of the user (create, edit, soft delete): upserted, newest wins. */
  const uploadPatterns = async (): Promise<void> => {
    const pending = (await database.patterns.where('syncState').equals('pending').toArray()).filter(
      (p) => p.userId === userId,
    );
    for (let i = 0; i < pending.length; i += batchSize) {
      const batch = pending.slice(i, i + batchSize);
      const queue: CustomPatternRecord[][] = [batch];
      let transientTries = 0;
      while (queue.length) {
        const part = queue.shift()!;
        const outcome = await send(part.map((p) => toPatternRow(p, userId)), 'patterns');
        if (outcome.kind === 'unauthorized' && !refreshed && (await refresh())) {
          queue.unshift(part);
          continue;
        }
        if (outcome.kind === 'transient' && transientTries < maxRetries && !(outcome.network && !isOnline())) {
          transientTries += 1;
          await sleep(backoffMs(transientTries));
          queue.unshift(part);
          continue;
        }
        if (outcome.kind === 'rejected' && part.length > 1) {
          queue.unshift(...part.map((p) => [p]));
          continue;
        }
        if (outcome.kind === 'unauthorized' || outcome.kind === 'transient') {
          // Left pending for a later run.
          result.status = outcome.kind === 'unauthorized' ? 'auth_required' : 'retry_later';
          result.offline = outcome.kind === 'transient' && outcome.network;
          result.error = outcome.kind === 'unauthorized' ? REFRESH_FAILED : outcome.message;
          return;
        }
        await database.transaction('rw', database.patterns, async () => {
          for (const p of part) {
            const current = await database.patterns.get(p.id);
            // Edited while the upload was in flight: stays pending for the newer version.
            if (!current || current.updatedAt !== p.updatedAt || current.syncState !== 'pending') continue;
            if (outcome.kind === 'ok') {
              await database.patterns.update(p.id, { syncState: 'synced', lastError: undefined });
            } else {
              await database.patterns.update(p.id, {
                syncState: outcome.kind === 'not_found' ? 'local_only' : 'failed',
                lastError: outcome.message,
              });
            }
          }
        });
        if (outcome.kind === 'ok') result.patternsUploaded += part.length;
        else result.patternsFailed += part.length;
      }
    }
  };

  for (let i = 0; i < sendable.length; i += batchSize) {
    const batch = sendable.slice(i, i + batchSize);
    const keepGoing = await uploadBatch(batch);
    deps.onBatch?.({ uploaded: result.uploaded, total: sendable.length });
    if (!keepGoing) break;
  }

  if (result.status === 'done') await uploadPatterns();

  result.remaining = await database.sessions
    .where('[userId+syncState]')
    .equals([userId, 'pending'])
    .count();
  if (result.status === 'done' && result.remaining > 0) {
    // Items still backing off from an earlier run.
    result.status = 'retry_later';
  }
  return result;
}
