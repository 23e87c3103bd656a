import { memo, useEffect, useRef } from 'react';
import {
  PHASE_HINTS,
  PHASE_LABELS,
  activeElapsedMs,
  boundaryOffsetMs,
  positionAt,
  secondsLeft,
  sessionLengthMs,
  wallTimeAt,
  type PhaseName,
} from '../../domain/breathClock';
import type { GuideKind } from '../../domain/guideShapes';
import { LAST_CYCLE_TEXT, isLastCycle, startsLastCycle } from '../../domain/sessionEnding';
import type { LoopRef } from './useSessionController';
import { recordUiSwitch } from './timingProbe';
import { FRAME_TOLERANCE_MS } from './frameTime';
import { BloomGuide } from './guides/BloomGuide';
import { CalmGuide } from './guides/CalmGuide';
import { HoldDots } from './guides/HoldDots';
import { SquareGuide } from './guides/SquareGuide';
import type { GuideDraw } from './guides/types';

export interface PhaseChange {
  phase: PhaseName;
  /** The phase's length in whole seconds. */
  seconds: number;
  /** The phase belongs to the session's (or the round's) last cycle. */
  lastCycle: boolean;
  /** This phase begins the last cycle (it is announced then). */
  startsLastCycle: boolean;
}

export interface BreathVisualProps {
  loopRef: LoopRef;
  guide: GuideKind;
  reducedMotion: boolean;
  /** Called after the frame the phase changed in (speech, vibration, screen-reader text). */
  onPhaseChange?: (change: PhaseChange) => void;
}

/**
 * The breathing guide. Every frame (requestAnimationFrame) it asks the breath clock where
 * the breath is and hands that to the pattern's guide (square, bloom or orb; under
 * prefers-reduced-motion a calm fill bar), which writes transforms and opacity straight
 * to the DOM; the phase name, the seconds left and the last-cycle note change only as
 * text. It never keeps time itself.
 */
export const BreathVisual = memo(function BreathVisual({
  loopRef,
  guide,
  reducedMotion,
  onPhaseChange,
}: BreathVisualProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const guideDraw = useRef<GuideDraw | null>(null);
  const dotsDraw = useRef<GuideDraw | null>(null);
  const labelRef = useRef<HTMLSpanElement>(null);
  const hintRef = useRef<HTMLSpanElement>(null);
  const secondsRef = useRef<HTMLSpanElement>(null);
  const noteRef = useRef<HTMLSpanElement>(null);
  const onPhaseChangeRef = useRef(onPhaseChange);
  useEffect(() => {
    onPhaseChangeRef.current = onPhaseChange;
  });

  useEffect(() => {
    let frame = 0;
    let lastKey: string | null = null;
    let lastBoundary = -1;
    let lastSeconds = -1;
    const draw = (frameTs: number) => {
      frame = requestAnimationFrame(draw);
      const snap = loopRef.getSnapshot();
      if (snap.value !== 'running' && snap.value !== 'paused') return;
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
        if (hintRef.current) hintRef.current.textContent = PHASE_HINTS[pos.phase];
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
      guideDraw.current?.(pos);
      dotsDraw.current?.(pos);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [loopRef]);

  const shown = reducedMotion ? 'calm' : guide;
  return (
    <div
      ref={rootRef}
      className={`breath breath--${shown}`}
      data-phase="inhale"
      data-guide={shown}
      data-testid="breath-visual"
    >
      <div className="breath__stage" aria-hidden="true">
        {shown === 'calm' ? (
          <CalmGuide drawRef={guideDraw} />
        ) : shown === 'square' ? (
          <SquareGuide drawRef={guideDraw} />
        ) : (
          <>
            <BloomGuide drawRef={guideDraw} variant={shown} />
            <HoldDots drawRef={dotsDraw} />
          </>
        )}
      </div>
      <div className="breath__text" aria-hidden="true">
        <span ref={labelRef} className="breath__label" data-testid="phase-label">
          Inhale
        </span>
        <span ref={secondsRef} className="breath__seconds" data-testid="phase-seconds" />
        <span ref={hintRef} className="breath__hint" />
      </div>
      <span ref={noteRef} className="breath__note" data-testid="last-cycle-note" />
    </div>
  );
});
