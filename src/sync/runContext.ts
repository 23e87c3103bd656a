import type { PneumaDatabase } from '../data/db';
import type { StoredAuthSession } from '../data/authSessionRepo';
import { OUTBOX_BATCH_SIZE, OUTBOX_MAX_RETRIES } from './constants';
import { emptyOutboxResult, type OutboxResult } from './outboxResult';
import type { OutboxConfig, OutboxDeps } from './outboxTypes';
import { TokenKeeper } from './tokenRefresh';
import { postUpsert, type UpsertOutcome, type UpsertTarget } from './upsert';

/** Everything one outbox run works with: the resolved dependencies, the user, the result so far. */
export interface RunContext {
  db: PneumaDatabase;
  userId: string;
  /** Epoch ms. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  batchSize: number;
  /** Retries of one batch inside a run before it is left for a later run. */
  maxRetries: number;
  isOnline: () => boolean;
  /** Ignore back-off times. */
  force: boolean;
  onBatch?: OutboxDeps['onBatch'];
  result: OutboxResult;
  tokens: TokenKeeper;
  /** Sends rows with the current access token. */
  upsert: (target: UpsertTarget, rows: readonly object[]) => Promise<UpsertOutcome>;
  /** The backend's REST address, public key and fetch (reads of the pull). */
  http: { baseUrl: string; anonKey: string; fetch: typeof fetch };
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function defaultIsOnline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return nav?.onLine !== false;
}

export function createRunContext(
  config: OutboxConfig,
  deps: OutboxDeps,
  database: PneumaDatabase,
  auth: StoredAuthSession,
): RunContext {
  const fetchImpl = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const now = deps.now ?? Date.now;
  const tokens = new TokenKeeper(
    { config, db: database, fetch: fetchImpl, now, refreshSession: deps.refreshSession },
    auth,
  );
  const baseUrl = config.supabaseUrl.replace(/\/$/, '');
  return {
    db: database,
    userId: auth.userId,
    now,
    sleep: deps.sleep ?? realSleep,
    batchSize: Math.max(1, deps.batchSize ?? OUTBOX_BATCH_SIZE),
    maxRetries: Math.max(0, deps.maxRetries ?? OUTBOX_MAX_RETRIES),
    isOnline: deps.isOnline ?? defaultIsOnline,
    force: deps.force ?? false,
    onBatch: deps.onBatch,
    result: emptyOutboxResult(),
    tokens,
    http: { baseUrl, anonKey: config.supabaseAnonKey, fetch: fetchImpl },
    upsert: (target, rows) =>
      postUpsert(
        {
          baseUrl,
          anonKey: config.supabaseAnonKey,
          accessToken: tokens.accessToken,
          fetch: fetchImpl,
        },
        target,
        rows,
      ),
  };
}
