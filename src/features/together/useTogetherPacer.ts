import { useEffect, useMemo, useState } from 'react';
import { deviceNow } from '../../backend/api/togetherApi';
import { buildSchedule } from '../../domain/breathClock';
import type { LinkedPattern } from '../../domain/links/patternLink';
import { toDeviceTime, toServerTime, type OffsetEstimate } from '../../domain/together/clockOffset';
import {
  boundaryServerTime,
  togetherMoment,
  type TogetherMoment,
} from '../../domain/together/togetherTimeline';

/** One phase change as this page showed it: when, on this device's clock and the server's. */
export interface PhaseChange {
  boundary: number;
  phase: string;
  /** Device clock (ms since 1970, monotonic) when the page switched. */
  deviceAt: number;
  /** The same moment on the server's clock, through the offset estimate. */
  serverAt: number;
  /** The boundary's time on the server's clock (the schedule's). */
  scheduledServerAt: number;
}

export interface TogetherProbe {
  estimate?: OffsetEstimate;
  changes: PhaseChange[];
}

declare global {
  interface Window {
    /** What the shared-session screen did, for the browser tests (bounded: newest 2,000 changes). */
    __pneumaTogether?: TogetherProbe;
  }
}

function probe(): TogetherProbe {
  window.__pneumaTogether ??= { changes: [] };
  return window.__pneumaTogether;
}

/**
 * The shared session's moment, switched on each phase boundary: a timer aims at the next
 * boundary (its server time converted to this device's clock), and each switch recomputes the
 * moment from the clock, never by counting, so a late timer changes nothing after it. A
 * late joiner starts on the phase in progress.
 */
export function useTogetherPacer(
  pattern: LinkedPattern,
  startsAt: number,
  cycles: number,
  estimate: OffsetEstimate | null,
): TogetherMoment | null {
  const schedule = useMemo(() => buildSchedule(pattern), [pattern]);
  const [moment, setMoment] = useState<TogetherMoment | null>(null);
  useEffect(() => {
    if (!estimate) return;
    probe().estimate = estimate;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastBoundary = -1;
    let stopped = false;
    const tick = () => {
      if (stopped) return;
      const now = deviceNow();
      const serverNow = toServerTime(now, estimate);
      const m = togetherMoment(schedule, startsAt, cycles, serverNow);
      setMoment(m);
      let next: number;
      if (m.stage === 'waiting') next = startsAt;
      else if (m.stage === 'breathing') {
        const k = m.position.boundaryIndex;
        if (k !== lastBoundary) {
          lastBoundary = k;
          const changes = probe().changes;
          changes.push({
            boundary: k,
            phase: m.position.phase,
            deviceAt: now,
            serverAt: serverNow,
            scheduledServerAt: boundaryServerTime(schedule, startsAt, k),
          });
          if (changes.length > 2000) changes.splice(0, changes.length - 2000);
        }
        next = boundaryServerTime(schedule, startsAt, k + 1);
      } else return;
      // Wake at the boundary (a timer may fire a hair early: then it simply aims again), and
      // at least once a second for the countdown.
      const wait = Math.max(0, Math.min(1000, toDeviceTime(next, estimate) - deviceNow()));
      timer = setTimeout(tick, wait);
    };
    tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [schedule, startsAt, cycles, estimate]);
  return moment;
}
