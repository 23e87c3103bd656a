import type { PneumaDatabase } from '../data/db';
import type { StoredAuthSession } from '../data/authSessionRepo';

/** The backend the outbox uploads to (the page keeps a copy for the service worker). */
export interface OutboxConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/** What a caller may replace for one outbox run (tests replace nearly everything). */
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
  /** After uploading, pull what changed on the server into this device (the page does; ./pull). */
  pull?: boolean;
  /** Called after each batch of sessions (for progress display). */
  onBatch?: (info: { uploaded: number; total: number }) => void;
}
