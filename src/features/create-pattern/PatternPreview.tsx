import { useEffect, useMemo, useRef } from 'react';
import {
  PHASE_HINTS,
  PHASE_LABELS,
  activeElapsedMs,
  buildSchedule,
  positionAt,
  secondsLeft,
  startClock,
} from '../../domain/breathClock';
import { breathScale } from '../../domain/breathScale';
import type { PatternTimings } from '../../domain/patterns';
import { useReducedMotion } from '../../ui/useReducedMotion';

/**
 * A live preview of the pattern being made, driven by the real breath clock (the same
 * schedule and position maths the session uses) on performance.now(), drawn every frame.
 * Restarts from the first inhale whenever the timings change.
 */
export function PatternPreview({ timings }: { timings: PatternTimings }) {
  const reduced = useReducedMotion();
  const circleRef = useRef<HTMLDivElement>(null);
  const fillRef = useRef<HTMLDivElement>(null);
  const labelRef = useRef<HTMLSpanElement>(null);
  const secondsRef = useRef<HTMLSpanElement>(null);
  const hintRef = useRef<HTMLParagraphElement>(null);
  const { inhale, hold, exhale, hold_after_exhale } = timings;
  const schedule = useMemo(
    () => buildSchedule({ inhale, hold, exhale, hold_after_exhale }),
    [inhale, hold, exhale, hold_after_exhale],
  );

  useEffect(() => {
    const clock = startClock(performance.now());
    let frame = 0;
    let lastPhase: string | null = null;
    const draw = () => {
      const pos = positionAt(schedule, activeElapsedMs(clock, performance.now()));
      if (circleRef.current) {
        circleRef.current.style.transform = reduced
          ? 'scale(0.8)'
          : `scale(${breathScale(pos.phase, pos.phaseProgress)})`;
        circleRef.current.dataset.phase = pos.phase;
      }
      if (fillRef.current) fillRef.current.style.width = `${Math.round(pos.phaseProgress * 100)}%`;
      if (secondsRef.current) secondsRef.current.textContent = String(secondsLeft(pos));
      const key = `${pos.boundaryIndex}`;
      if (key !== lastPhase) {
        lastPhase = key;
        if (labelRef.current) labelRef.current.textContent = PHASE_LABELS[pos.phase];
        if (hintRef.current) hintRef.current.textContent = PHASE_HINTS[pos.phase];
      }
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [schedule, reduced]);

  return (
    <figure className="pattern-preview" aria-label="Live preview of the pattern">
      <div className="pattern-preview__stage" aria-hidden="true">
        <div ref={circleRef} className="pattern-preview__circle" data-phase="inhale">
          <span ref={labelRef} className="pattern-preview__label" data-testid="preview-phase">
            {PHASE_LABELS.inhale}
          </span>
          <span ref={secondsRef} className="pattern-preview__seconds" />
        </div>
      </div>
      <div className="pattern-preview__bar" aria-hidden="true">
        <div ref={fillRef} className="pattern-preview__fill" />
      </div>
      <figcaption>
        <p ref={hintRef} className="muted" aria-hidden="true">
          {PHASE_HINTS.inhale}
        </p>
        <p className="muted">
          One cycle: {Math.round((schedule.cycleMs / 1000) * 100) / 100} seconds (
          {Math.round((60_000 / schedule.cycleMs) * 10) / 10} breaths a minute).
        </p>
      </figcaption>
    </figure>
  );
}
