import { useLayoutEffect, useRef } from 'react';
import type { BreathPosition } from '../../../domain/breathClock';
import { MAX_HOLD_DOTS, holdDotCount, holdDotsLit, isHold } from '../../../domain/guideShapes';
import type { GuideProps } from './types';

const DOTS = Array.from({ length: MAX_HOLD_DOTS }, (_, i) => i);

/**
 * A hold's own countdown around a still shape: one dot per second, going out one by one
 * (opacity, faded by the compositor). Laid out once per hold, lit on each tick.
 */
export function HoldDots({ driverRef }: Pick<GuideProps, 'driverRef'>) {
  const dotRefs = useRef<(HTMLSpanElement | null)[]>([]);

  useLayoutEffect(() => {
    let laidOutFor = -1;
    let count = 0;
    let lastLit = -1;
    const tick = (pos: BreathPosition) => {
      if (pos.boundaryIndex !== laidOutFor) {
        laidOutFor = pos.boundaryIndex;
        count = isHold(pos.phase) ? holdDotCount(pos.phaseDurationMs) : 0;
        lastLit = -1;
        dotRefs.current.forEach((el, i) => {
          if (el) el.style.transform = `rotate(${((360 / Math.max(1, count)) * i).toFixed(2)}deg)`;
        });
      }
      const lit = holdDotsLit(pos);
      if (lit === lastLit) return;
      lastLit = lit;
      dotRefs.current.forEach((el, i) => {
        if (el) el.style.opacity = i < count ? (i < lit ? '1' : '0.15') : '0';
      });
    };
    driverRef.current = {
      show: (m) => {
        laidOutFor = -1;
        tick(m.pos);
      },
      tick,
    };
    return () => {
      driverRef.current = null;
    };
  }, [driverRef]);

  return (
    <div className="hold-dots" data-testid="hold-dots">
      {DOTS.map((i) => (
        <span
          key={i}
          ref={(el) => {
            dotRefs.current[i] = el;
          }}
          className="hold-dots__dot"
        />
      ))}
    </div>
  );
}
