import { useLayoutEffect, useRef } from 'react';
import { bloomFrame, squareFrame } from '../../../domain/guideShapes';
import type { GuideProps } from './types';

const SIDES = [0, 1, 2, 3] as const;
/** Side i grows from its start corner: left side upwards, top rightwards, right side down, bottom leftwards. */
const SIDE_SCALE = ['scaleY', 'scaleX', 'scaleY', 'scaleX'] as const;

/**
 * Box breathing: a point travels around a square, one side per phase; the sides it has
 * travelled this cycle light up in their phase's colour, and the square's inside glows
 * as the lungs fill (opacity only).
 */
export function SquareGuide({ drawRef }: GuideProps) {
  const carrierRef = useRef<HTMLDivElement>(null);
  const glowRef = useRef<HTMLDivElement>(null);
  const sideRefs = useRef<(HTMLDivElement | null)[]>([]);

  useLayoutEffect(() => {
    const last = [-1, -1, -1, -1];
    drawRef.current = (pos) => {
      const f = squareFrame(pos.phase, pos.phaseProgress);
      // The carrier is as large as the square: moving it by x% of itself moves its
      // corner (where the point sits) by x% of the square.
      if (carrierRef.current)
        carrierRef.current.style.transform = `translate(${(f.point.x * 100).toFixed(3)}%, ${(f.point.y * 100).toFixed(3)}%)`;
      f.drawn.forEach((d, i) => {
        if (d === last[i]) return;
        last[i] = d;
        const el = sideRefs.current[i];
        if (el) el.style.transform = `${SIDE_SCALE[i]}(${d.toFixed(4)})`;
      });
      if (glowRef.current)
        glowRef.current.style.opacity = (
          0.12 +
          0.4 * bloomFrame(pos.phase, pos.phaseProgress).openness
        ).toFixed(3);
    };
    return () => {
      drawRef.current = null;
    };
  }, [drawRef]);

  return (
    <div className="guide-square" data-testid="guide-square">
      <div ref={glowRef} className="guide-square__glow" />
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
      <div ref={carrierRef} className="guide-square__carrier" data-testid="guide-square-carrier">
        <div className="guide-square__dot" data-testid="guide-dot" />
      </div>
    </div>
  );
}
