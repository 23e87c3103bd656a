import { useEffect, useMemo, useState } from 'react';
import { createActor, type SnapshotFrom } from 'xstate';
import { deviceNow } from '../../backend/api/togetherApi';
import type { PhaseName } from '../../domain/breathClock';
import type { LinkedPattern } from '../../domain/links/patternLink';
import { patternTimeline } from '../../domain/practiceTimeline';
import { toDeviceTime, toServerTime, type OffsetEstimate } from '../../domain/together/clockOffset';
import { practiceRunMachine } from '../../machines/practiceRun';

/** One phase change as this page showed it: when, on this device's clock and the server's. */
interface PhaseChange {
  boundary: number;
  phase: string;
  /** Device clock (ms since 1970, monotonic) when the page switched. */
  deviceAt: number;
  /** The same moment on the server's clock, through the offset estimate. */
  serverAt: number;
  /** The boundary's time on the server's clock (the schedule's). */
  scheduledServerAt: number;
}

interface TogetherProbe {
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

/** Where the shared session is for the screen. */
export type TogetherView =
  | { stage: 'waiting'; msToStart: number }
  | {
      stage: 'breathing';
      phase: PhaseName;
      phaseRemainingMs: number;
      /** 0-based cycle in progress. */
      cycle: number;
      /** Ms into the shared session. */
      elapsedMs: number;
    }
  | { stage: 'ended' };

type RunSnapshot = SnapshotFrom<typeof practiceRunMachine>;

function viewOf(s: RunSnapshot): TogetherView {
  if (s.status === 'done') return { stage: 'ended' };
  if (s.matches('waiting'))
    return { stage: 'waiting', msToStart: s.context.startAt - s.context.now() };
  const p = s.context.position;
  return {
    stage: 'breathing',
    // A pattern's timeline has only these four phases (domain/practiceTimeline).
    phase: p.step!.kind as PhaseName,
    phaseRemainingMs: p.stepRemainingMs ?? 0,
    cycle: p.step!.cycle,
    elapsedMs: p.elapsedMs,
  };
}

/**
 * The shared session on the one practice machine (machines/practiceRun): the pattern's
 * timeline of `cycles` cycles, started at the server's start time converted to this device's
 * monotonic clock through the offset estimate. The machine wakes at each boundary and finds
 * the step from the clock (never by counting), so a late joiner starts on the phase in
 * progress and every page computes the same boundaries.
 */
export function useTogetherRun(
  pattern: LinkedPattern,
  startsAt: number,
  cycles: number,
  estimate: OffsetEstimate | null,
): TogetherView | null {
  const timeline = useMemo(() => patternTimeline(pattern, cycles), [pattern, cycles]);
  const [view, setView] = useState<TogetherView | null>(null);
  useEffect(() => {
    if (!estimate) return;
    probe().estimate = estimate;
    // The start on this device's monotonic clock (deviceNow is timeOrigin + performance.now()).
    const startAt = toDeviceTime(startsAt, estimate) - performance.timeOrigin;
    const actor = createActor(practiceRunMachine, { input: { timeline, startAt } });
    actor.on('step', (e) => {
      if (!e.position.step) return;
      const at = deviceNow();
      const changes = probe().changes;
      changes.push({
        boundary: e.stepIndex,
        phase: e.position.step.kind,
        deviceAt: at,
        serverAt: toServerTime(at, estimate),
        scheduledServerAt: startsAt + e.position.stepStartMs,
      });
      if (changes.length > 2000) changes.splice(0, changes.length - 2000);
    });
    const sub = actor.subscribe((s) => setView(viewOf(s)));
    actor.start();
    setView(viewOf(actor.getSnapshot()));
    return () => {
      sub.unsubscribe();
      actor.stop();
    };
  }, [timeline, startsAt, estimate]);
  return view;
}
