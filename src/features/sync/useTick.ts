import { useEffect, useState } from 'react';
import { SYNC_STATUS_REFRESH_MS } from '../../sync/constants';

/** Re-renders every `ms` (the sync status refreshes every 5 s); returns now. */
export function useTick(ms: number = SYNC_STATUS_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
