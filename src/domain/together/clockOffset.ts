/**
 * How far this device's clock is from the server's (docs/product.md § Breathe together), as
 * NTP estimates it (RFC 5905 § 8): each round trip to the time endpoint gives four times,
 *
 *   t0 the request left (device clock)    t1 the server received it (server clock)
 *   t3 the answer arrived (device clock)  t2 the server answered (server clock)
 *
 *   offset = ((t1 - t0) + (t2 - t3)) / 2      round trip = (t3 - t0) - (t2 - t1)
 *
 * and the sample with the shortest round trip is kept: its offset is off by at most half
 * that round trip (the most the two legs can differ by), and queueing delay only ever adds
 * to a round trip. The device clock is one monotonic clock read as ms since 1970
 * (performance.timeOrigin + performance.now()), so a change of the wall clock during a
 * session moves nothing. Pure.
 */

export interface TimeSample {
  /** t0: device clock when the request left. */
  sentAt: number;
  /** t1: server clock when the request arrived. */
  serverReceivedAt: number;
  /** t2: server clock when the answer left (t1 when the server gives one time). */
  serverSentAt: number;
  /** t3: device clock when the answer arrived. */
  receivedAt: number;
}

export interface OffsetEstimate {
  /** Add to a device time to get the server's time. */
  offsetMs: number;
  /** Round trip of the sample kept (network time only: the server's own time is taken out). */
  roundTripMs: number;
  /** The offset is right within this many ms: half the kept round trip. */
  errorBoundMs: number;
  /** Usable samples the estimate chose from. */
  samples: number;
}

/** How many round trips to make, and how long one may take before it is dropped. */
export const CLOCK_SYNC = Object.freeze({ rounds: 8, timeoutMs: 3000, gapMs: 30 });

function usable(s: TimeSample): boolean {
  const all = [s.sentAt, s.serverReceivedAt, s.serverSentAt, s.receivedAt];
  return (
    all.every(Number.isFinite) && s.receivedAt >= s.sentAt && s.serverSentAt >= s.serverReceivedAt
  );
}

/** One sample's offset and round trip. */
function sampleOffset(s: TimeSample): { offsetMs: number; roundTripMs: number } {
  return {
    offsetMs: (s.serverReceivedAt - s.sentAt + (s.serverSentAt - s.receivedAt)) / 2,
    roundTripMs: Math.max(0, s.receivedAt - s.sentAt - (s.serverSentAt - s.serverReceivedAt)),
  };
}

/** The min-round-trip estimate over `samples`, or null when none is usable. */
export function estimateOffset(samples: readonly TimeSample[]): OffsetEstimate | null {
  let best: { offsetMs: number; roundTripMs: number } | null = null;
  let count = 0;
  for (const s of samples) {
    if (!usable(s)) continue;
    count++;
    const one = sampleOffset(s);
    if (!best || one.roundTripMs < best.roundTripMs) best = one;
  }
  if (!best) return null;
  return {
    offsetMs: best.offsetMs,
    roundTripMs: best.roundTripMs,
    errorBoundMs: best.roundTripMs / 2,
    samples: count,
  };
}

/** A device time on the server's clock. */
export function toServerTime(deviceMs: number, estimate: Pick<OffsetEstimate, 'offsetMs'>): number {
  return deviceMs + estimate.offsetMs;
}

/** A server time on this device's clock. */
export function toDeviceTime(serverMs: number, estimate: Pick<OffsetEstimate, 'offsetMs'>): number {
  return serverMs - estimate.offsetMs;
}
