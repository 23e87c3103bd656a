/** What one pull did (docs/product.md § Sync). */
type PullStatus =
  /** Every table is up to date. */
  | 'done'
  /** No network: the next trigger (online, visible, timer) pulls again. */
  | 'offline'
  /** The server had trouble: some tables were not read; the next run continues from the cursors. */
  | 'retry_later'
  /** The token could not be refreshed: the user must sign in again. */
  | 'auth_required';

export interface PullResult {
  status: PullStatus;
  /** Rows read from the server. */
  read: number;
  /** Rows that changed something on this device (added, replaced or removed). */
  applied: number;
  /** Server tables this server does not have (an older backend): skipped. */
  missing: string[];
  error?: string;
}

export function emptyPullResult(): PullResult {
  return { status: 'done', read: 0, applied: 0, missing: [] };
}
