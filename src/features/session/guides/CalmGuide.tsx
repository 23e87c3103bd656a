import { useLayoutEffect, useRef } from 'react';
import { cycleKeyframes } from '../../../domain/guideShapes';
import { animateBreath } from './phaseAnimation';
import type { GuideMoment, GuideProps } from './types';

/**
 * The guide under prefers-reduced-motion: nothing grows, turns or travels across the
 * screen; a bar fills in place through each phase and the colour names the phase.
 */
export function CalmGuide({ driverRef }: GuideProps) {
  const fillRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    driverRef.current = {
      show: (m: GuideMoment) => {
        const el = fillRef.current;
        if (!el) return;
        el.style.transform = `scaleX(${m.pos.phaseProgress.toFixed(4)})`;
        const keys = cycleKeyframes(
          m.schedule,
          (_phase, t) => t,
          () => 1,
        );
        animateBreath(el, keys, (t) => ({ transform: `scaleX(${t})` }), m);
      },
    };
    return () => {
      driverRef.current = null;
    };
  }, [driverRef]);
  return (
    <div className="breath__calm" data-testid="guide-calm">
      <div ref={fillRef} className="breath__fill" />
    </div>
  );
}
