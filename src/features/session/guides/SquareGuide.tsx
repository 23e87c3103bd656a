import { useLayoutEffect, useRef } from 'react';
import { cycleKeyframes, squareFrame, type Point } from '../../../domain/guideShapes';
import { animateBreath } from './phaseAnimation';
import type { GuideMoment, GuideProps } from './types';

const SIDES = [0, 1, 2, 3] as const;
/** Side i grows from its start corner: left side upwards, top rightwards, right side down, bottom leftwards. */
const SIDE_SCALE = ['scaleY', 'scaleX', 'scaleY', 'scaleX'] as const;

/**
 * Box breathing: a point travels around a square, one side per phase, at a steady pace;
 * the sides it has travelled this cycle light up in their phase's colour. The point is a
 * small layer moved in pixels (the square's size is measured at each show), so each frame
 * redraws only around it.
 */
export function SquareGuide({ driverRef }: GuideProps) {
  const squareRef = useRef<HTMLDivElement>(null);
  const dotRef = useRef<HTMLDivElement>(null);
  const sideRefs = useRef<(HTMLDivElement | null)[]>([]);

  useLayoutEffect(() => {
    let size = 0;
    const at = (p: Point) =>
      `translate(${(p.x * size).toFixed(2)}px, ${(p.y * size).toFixed(2)}px)`;
    const show = (m: GuideMoment) => {
      size = squareRef.current?.clientWidth ?? 0;
      const frame = (phase: Parameters<typeof squareFrame>[0], t: number) => squareFrame(phase, t);
      const now = frame(m.pos.phase, m.pos.phaseProgress);
      // Every phase moves at a steady pace: its start and end are enough.
      const keys = cycleKeyframes(m.schedule, frame, () => 1);
      const dot = dotRef.current;
      if (dot) {
        dot.style.transform = at(now.point);
        animateBreath(dot, keys, (f) => ({ transform: at(f.point) }), m);
      }
      SIDES.forEach((i) => {
        const el = sideRefs.current[i];
        if (!el) return;
        el.style.transform = `${SIDE_SCALE[i]}(${now.drawn[i]})`;
        animateBreath(el, keys, (f) => ({ transform: `${SIDE_SCALE[i]}(${f.drawn[i]})` }), m);
      });
    };
    driverRef.current = { show };
    return () => {
      driverRef.current = null;
    };
  }, [driverRef]);

  return (
    <div ref={squareRef} className="guide-square" data-testid="guide-square">
      <div className="guide-square__glow" />
      <div className="guide-square__track" />
      {SIDES.map((i) => (
        <div
          key={i}
          ref={(el) => {
            sideRefs.current[i] = el;
          }}
          className={`guide-square__side guide-square__side--${i}`}
        />
      ))}
      <div ref={dotRef} className="guide-square__dot" data-testid="guide-dot" />
    </div>
  );
}
