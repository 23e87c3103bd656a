import type { SyncState } from '../../data/db';
import { Badge } from '../../ui/Badge';
import { syncRefusalText } from '../../domain/errors/syncRefusal';

/** Where a course or progress row stands with the server. */
export function SyncStateBadge({ state, error }: { state: SyncState; error?: string }) {
  if (state === 'synced') return <Badge tone="success">Synced</Badge>;
  if (state === 'failed') return <Badge tone="danger">Not synced: {syncRefusalText(error)}</Badge>;
  if (state === 'pending') return <Badge tone="warning">Waiting to sync</Badge>;
  return <Badge>On this device</Badge>;
}
