import { useEffect, useState } from 'react';
import { timeSample } from '../../backend/api/togetherApi';
import {
  CLOCK_SYNC,
  estimateOffset,
  type OffsetEstimate,
  type TimeSample,
} from '../../domain/together/clockOffset';

export type ServerClock =
  | { status: 'syncing' }
  | { status: 'synced'; estimate: OffsetEstimate }
  /** No round trip came back (offline): the device's own clock is followed. */
  | { status: 'unsynced'; estimate: OffsetEstimate };

const DEVICE_ONLY: OffsetEstimate = {
  offsetMs: 0,
  roundTripMs: Number.POSITIVE_INFINITY,
  errorBoundMs: Number.POSITIVE_INFINITY,
  samples: 0,
};

/**
 * The offset of this device's clock from the server's, measured once when the screen opens:
 * CLOCK_SYNC.rounds round trips to GET /api/time, one after another, the shortest kept
 * (../../domain/together/clockOffset). Once measured it is kept: the session goes on if the
 * network drops.
 */
export function useServerClock(): ServerClock {
  const [clock, setClock] = useState<ServerClock>({ status: 'syncing' });
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const samples: TimeSample[] = [];
      for (let i = 0; i < CLOCK_SYNC.rounds && !cancelled; i++) {
        const s = await timeSample(CLOCK_SYNC.timeoutMs);
        if (s) samples.push(s);
        else if (samples.length === 0 && i >= 1) break; // two failures in a row with nothing: offline
        await new Promise((r) => setTimeout(r, CLOCK_SYNC.gapMs));
      }
      if (cancelled) return;
      const estimate = estimateOffset(samples);
      setClock(
        estimate ? { status: 'synced', estimate } : { status: 'unsynced', estimate: DEVICE_ONLY },
      );
    })();
    return () => {
      cancelled = true;
    };
  }, []);
  return clock;
}
