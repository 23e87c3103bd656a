import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { PHASE_HINTS, PHASE_LABELS, type BreathSchedule } from '../../../domain/breathClock';
import {
  countdownLineCount,
  countdownLineSteps,
  phaseLineSteps,
  type CycleKey,
} from '../../../domain/guideShapes';
import { animateBreath } from './phaseAnimation';
import type { GuideMoment, GuideProps } from './types';

/** Line heights of the three strips, in em of their own text. */
const LINE_EM = { label: 1.25, seconds: 1.1, hint: 1.5 } as const;
type Strip = keyof typeof LINE_EM;

/**
 * The words over the guide: the phase's name, the seconds left and a hint. Each is a strip
 * of lines in a one-line window that jumps to the right line at the right moment, as a
 * compositor animation anchored to the breath clock like the shapes: the words change on
 * the very frame the breath does, however busy the page is.
 */
export function PhaseWords({
  driverRef,
  schedule,
}: Pick<GuideProps, 'driverRef'> & { schedule: BreathSchedule }) {
  const tracks = useRef<Record<Strip, HTMLSpanElement | null>>({
    label: null,
    seconds: null,
    hint: null,
  });
  const lines: Record<Strip, string[]> = {
    label: schedule.phases.map((p) => PHASE_LABELS[p.name]),
    seconds: Array.from({ length: countdownLineCount(schedule) }, (_, i) => String(i + 1)),
    hint: schedule.phases.map((p) => PHASE_HINTS[p.name]),
  };

  useLayoutEffect(() => {
    const at = (strip: Strip) => (line: number) => ({
      transform: `translateY(${(-line * LINE_EM[strip]).toFixed(3)}em)`,
    });
    const run = (strip: Strip, keys: CycleKey<number>[], m: GuideMoment, now: number) => {
      const el = tracks.current[strip];
      if (!el) return;
      el.style.transform = at(strip)(now).transform;
      animateBreath(el, keys, at(strip), m);
    };
    driverRef.current = {
      show: (m) => {
        run('label', phaseLineSteps(m.schedule), m, m.pos.phaseIndex);
        run('hint', phaseLineSteps(m.schedule), m, m.pos.phaseIndex);
        const secondsNow = Math.ceil(m.pos.phaseRemainingMs / 1000 - 1e-9);
        run('seconds', countdownLineSteps(m.schedule), m, Math.max(0, secondsNow - 1));
      },
    };
    return () => {
      driverRef.current = null;
    };
  }, [driverRef]);

  const strip = (name: Strip) => (
    <span
      className={`word-strip word-strip--${name}`}
      style={{ '--strip-line': `${LINE_EM[name]}em` } as CSSProperties}
    >
      <span
        ref={(el) => {
          tracks.current[name] = el;
        }}
        className="word-strip__track"
      >
        {lines[name].map((text, i) => (
          <span key={i}>{text}</span>
        ))}
      </span>
    </span>
  );
  return (
    <div className="breath__text" aria-hidden="true" data-testid="phase-words">
      {strip('label')}
      {strip('seconds')}
      {strip('hint')}
    </div>
  );
}
