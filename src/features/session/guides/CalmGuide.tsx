import { useLayoutEffect, useRef } from 'react';
import type { GuideProps } from './types';

/**
 * The guide under prefers-reduced-motion: nothing grows, turns or travels across the
 * screen; a bar fills in place through each phase and the colour names the phase.
 */
export function CalmGuide({ drawRef }: GuideProps) {
  const fillRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    drawRef.current = (pos) => {
      if (fillRef.current)
        fillRef.current.style.transform = `scaleX(${pos.phaseProgress.toFixed(4)})`;
    };
    return () => {
      drawRef.current = null;
    };
  }, [drawRef]);
  return (
    <div className="breath__calm" data-testid="guide-calm">
      <div ref={fillRef} className="breath__fill" />
    </div>
  );
}
