import { useLayoutEffect, useRef } from 'react';
import { MAX_HOLD_DOTS, holdDotCount, holdDotsLit, isHold } from '../../../domain/guideShapes';
import type { GuideProps } from './types';

const DOTS = Array.from({ length: MAX_HOLD_DOTS }, (_, i) => i);

/**
 * A hold's own countdown around a still shape: one dot per second, going out one by one
 * (opacity only). The ring is laid out once per hold, not per frame.
 */
export function HoldDots({ drawRef }: GuideProps) {
  const dotRefs = useRef<(HTMLSpanElement | null)[]>([]);

  useLayoutEffect(() => {
    let laidOutFor = '';
    let lastLit = -1;
    drawRef.current = (pos) => {
      const hold = isHold(pos.phase);
      const count = hold ? holdDotCount(pos.phaseDurationMs) : 0;
      const layout = `${pos.boundaryIndex}:${count}`;
      if (layout !== laidOutFor) {
        laidOutFor = layout;
        lastLit = -1;
        dotRefs.current.forEach((el, i) => {
          if (!el) return;
          el.style.transform = `rotate(${((360 / Math.max(1, count)) * i).toFixed(2)}deg)`;
          el.dataset.used = i < count ? 'true' : 'false';
        });
      }
      const lit = holdDotsLit(pos);
      if (lit === lastLit) return;
      lastLit = lit;
      dotRefs.current.forEach((el, i) => {
        if (el) el.style.opacity = i < count ? (i < lit ? '1' : '0.15') : '0';
      });
    };
    return () => {
      drawRef.current = null;
    };
  }, [drawRef]);

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
