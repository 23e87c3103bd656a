import { memo, useEffect, useRef } from 'react';
import {
  PHASE_LABELS,
  activeElapsedMs,
  boundaryOffsetMs,
  positionAt,
  secondsLeft,
  sessionLengthMs,
  wallTimeAt,
  type BreathPosition,
  type BreathSchedule,
  type PhaseName,
} from '../../domain/breathClock';
import { msUntilDisplayChange, type GuideKind } from '../../domain/guideShapes';
import { LAST_CYCLE_TEXT, isLastCycle, startsLastCycle } from '../../domain/sessionEnding';
import type { LoopRef } from './useSessionController';
import { recordUiSwitch } from './timingProbe';
import { FRAME_TOLERANCE_MS } from './frameTime';
import { BloomGuide } from './guides/BloomGuide';
import { CalmGuide } from './guides/CalmGuide';
import { HoldDots } from './guides/HoldDots';
import { PhaseWords } from './guides/PhaseWords';
import { SquareGuide } from './guides/SquareGuide';
import type { GuideDriver } from './guides/types';

export interface PhaseChange {
  phase: PhaseName;
  /** The phase's length in whole seconds. */
  seconds: number;
  /** The phase belongs to the session's (or the round's) last cycle. */
  lastCycle: boolean;
  /** This phase begins the last cycle (it is announced then). */
  startsLastCycle: boolean;
}

interface BreathVisualProps {
  loopRef: LoopRef;
  /** The pattern's cycle (the words over the guide are laid out from it). */
  schedule: BreathSchedule;
  guide: GuideKind;
  reducedMotion: boolean;
  /** Called after the frame the phase changed in (speech, vibration, screen-reader text). */
  onPhaseChange?: (change: PhaseChange) => void;
}

/** Wake this long before a change, then catch the first frame at or after it. */
const WAKE_EARLY_MS = 40;

/**
 * The breathing guide. It asks the breath clock where the breath is and hands that to
 * the pattern's guide (square, bloom or orb; under prefers-reduced-motion a calm fill
 * bar), which runs the round by itself as compositor animations, one iteration per cycle.
 * So the page does nothing per frame: it sleeps until the next change of words (the
 * countdown's next second, the next hold dot or the phase boundary), then writes it in
 * the first display frame at or after that moment. Pause, resume, a new round, a resize
 * and a return to the tab re-sync from the clock. It never keeps time itself.
 */
export const BreathVisual = memo(function BreathVisual({
  loopRef,
  schedule,
  guide,
  reducedMotion,
  onPhaseChange,
}: BreathVisualProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const guideDriver = useRef<GuideDriver | null>(null);
  const dotsDriver = useRef<GuideDriver | null>(null);
  const wordsDriver = useRef<GuideDriver | null>(null);
  const labelRef = useRef<HTMLSpanElement>(null);
  const secondsRef = useRef<HTMLSpanElement>(null);
  const noteRef = useRef<HTMLSpanElement>(null);
  const onPhaseChangeRef = useRef(onPhaseChange);
  useEffect(() => {
    onPhaseChangeRef.current = onPhaseChange;
  });

  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastKey: string | null = null;
    let lastBoundary = -1;
    let lastSeconds = -1;
    /** What the guide was last shown for: a new phase, pause or resume shows it again. */
    let shownFor = '';
    let dueAt = 0;

    const cancel = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      cancelAnimationFrame(frame);
    };

    const render = (frameTs: number) => {
      const snap = loopRef.getSnapshot();
      if (snap.value !== 'running' && snap.value !== 'paused') return;
      const running = snap.value === 'running';
      const c = snap.context;
      // Where the breath is at this frame (its timestamp), not at whenever the callback runs.
      const now = Math.min(frameTs, performance.now()) + FRAME_TOLERANCE_MS;
      const end = sessionLengthMs(c.schedule, c.targetCycles);
      const elapsed = Math.min(activeElapsedMs(c.clock, now) - c.roundOriginMs, end - 0.001);
      const pos = positionAt(c.schedule, elapsed);
      const key = `${c.rounds}:${pos.boundaryIndex}`;
      if (key !== lastKey) {
        rootRef.current?.setAttribute('data-phase', pos.phase);
        if (labelRef.current) labelRef.current.textContent = PHASE_LABELS[pos.phase];
        const lastCycle = isLastCycle(pos.cycleIndex, c.targetCycles);
        if (noteRef.current) noteRef.current.textContent = lastCycle ? LAST_CYCLE_TEXT : '';
        const written = performance.now();
        if (lastKey !== null && pos.boundaryIndex === lastBoundary + 1) {
          const scheduledAt = wallTimeAt(
            c.clock,
            c.roundOriginMs + boundaryOffsetMs(c.schedule, pos.boundaryIndex),
          );
          if (scheduledAt !== null) {
            recordUiSwitch({
              boundary: pos.boundaryIndex,
              round: c.rounds,
              phase: pos.phase,
              scheduledAt,
              actualAt: written,
            });
          }
        }
        lastKey = key;
        lastBoundary = pos.boundaryIndex;
        // Side effects (speech, vibration, screen-reader text) run after this frame is painted.
        const change: PhaseChange = {
          phase: pos.phase,
          seconds: Math.round(pos.phaseDurationMs / 1000),
          lastCycle,
          startsLastCycle: startsLastCycle(
            pos.boundaryIndex,
            c.schedule.phases.length,
            c.targetCycles,
          ),
        };
        setTimeout(() => onPhaseChangeRef.current?.(change), 0);
      }
      const seconds = secondsLeft(pos);
      if (seconds !== lastSeconds && secondsRef.current) {
        lastSeconds = seconds;
        secondsRef.current.textContent = String(seconds);
      }
      // The shapes run the whole round by themselves; they are shown again only when the
      // breath starts, pauses, resumes or a new round begins.
      const state = `${c.rounds}:${running}:${c.clock.pauseCount}`;
      if (state !== shownFor) {
        shownFor = state;
        const moment = {
          pos,
          schedule: c.schedule,
          // The animation's own clock starts at this frame's time (no tolerance).
          elapsedMs: Math.max(0, elapsed - FRAME_TOLERANCE_MS),
          cycles: c.targetCycles,
          running,
          roundStartAt: wallTimeAt(c.clock, c.roundOriginMs),
          round: c.rounds,
        };
        guideDriver.current?.show(moment);
        wordsDriver.current?.show(moment);
        dotsDriver.current?.show(moment);
      } else {
        guideDriver.current?.tick?.(pos);
        dotsDriver.current?.tick?.(pos);
      }
      if (running) sleepUntilNextChange(pos, now);
    };

    const onFrame = (ts: number) => {
      const now = performance.now();
      if (Math.min(ts, now) + FRAME_TOLERANCE_MS < dueAt) {
        // The frame began before the boundary. If the boundary has passed by now (a clock
        // moved onto the audio's is off the frame grid), the change is written in this frame,
        // at now; waiting for the next frame made it up to two frames late.
        if (now + FRAME_TOLERANCE_MS >= dueAt) render(now);
        else frame = requestAnimationFrame(onFrame); // a frame early: the change is in the next one
        return;
      }
      render(ts);
    };

    const sleepUntilNextChange = (pos: BreathPosition, now: number) => {
      const wait = msUntilDisplayChange(pos);
      dueAt = now + wait;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(
        () => {
          timer = null;
          frame = requestAnimationFrame(onFrame);
        },
        Math.max(0, wait - WAKE_EARLY_MS),
      );
    };

    /** Re-sync now: on the next frame, from the clock (pause, resume, resize, tab shown). */
    const resyncNow = () => {
      cancel();
      shownFor = '';
      dueAt = 0;
      frame = requestAnimationFrame(onFrame);
    };
    // A new size (rotation, the camera's panel, a resize) is shown again: an animation's
    // sizes are fixed when it starts.
    let lastSize = '';
    const stage = stageRef.current;
    const sizes =
      typeof ResizeObserver === 'function' && stage
        ? new ResizeObserver(([entry]) => {
            const box = entry?.contentRect;
            const size = box ? `${Math.round(box.width)}x${Math.round(box.height)}` : '';
            if (size === lastSize) return;
            const first = lastSize === '';
            lastSize = size;
            if (!first) resyncNow();
          })
        : null;
    if (stage) sizes?.observe(stage);

    let lastState = '';
    const sub = loopRef.subscribe((snap) => {
      // A moved clock start (the guide following the audio, ALIGN) is shown again too.
      const { clock } = snap.context;
      const state = `${String(snap.value)}:${clock.pauseCount}:${clock.pausedAt}:${clock.startedAt}:${snap.context.rounds}`;
      if (state === lastState) return;
      lastState = state;
      resyncNow();
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') resyncNow();
    };
    document.addEventListener('visibilitychange', onVisible);
    resyncNow();
    return () => {
      sub.unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
      sizes?.disconnect();
      cancel();
    };
  }, [loopRef, guide, reducedMotion]);

  const shown = reducedMotion ? 'calm' : guide;
  return (
    <div
      ref={rootRef}
      className={`breath breath--${shown}`}
      data-phase="inhale"
      data-guide={shown}
      data-testid="breath-visual"
    >
      <div ref={stageRef} className="breath__stage" aria-hidden="true" data-testid="guide">
        {shown === 'calm' ? (
          <CalmGuide driverRef={guideDriver} />
        ) : shown === 'square' ? (
          <SquareGuide driverRef={guideDriver} />
        ) : (
          <>
            <BloomGuide driverRef={guideDriver} variant={shown} />
            <HoldDots driverRef={dotsDriver} />
          </>
        )}
      </div>
      <PhaseWords driverRef={wordsDriver} schedule={schedule} />
      {/* The current phase and seconds as plain text (the words on screen are strips). */}
      <span className="visually-hidden" aria-hidden="true">
        <span ref={labelRef} data-testid="phase-label">
          Inhale
        </span>
        <span ref={secondsRef} data-testid="phase-seconds" />
      </span>
      <span ref={noteRef} className="breath__note" data-testid="last-cycle-note" />
    </div>
  );
});
