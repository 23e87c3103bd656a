import { useLayoutEffect, useRef } from 'react';
import { BLOOM_PETALS, bloomFrame, petalAngle } from '../../../domain/guideShapes';
import type { GuideProps } from './types';

const PETALS = Array.from({ length: BLOOM_PETALS }, (_, i) => i);

/**
 * The breath as a flower: petals open and the bloom turns as the lungs fill, close as
 * they empty, eased like a breath; still on the holds. The orb variant (fast patterns)
 * is one sphere that grows and shrinks, its halo brightening at full lungs.
 */
export function BloomGuide({ drawRef, variant }: GuideProps & { variant: 'bloom' | 'orb' }) {
  const flowerRef = useRef<HTMLDivElement>(null);
  const haloRef = useRef<HTMLDivElement>(null);
  const petalRefs = useRef<(HTMLDivElement | null)[]>([]);

  useLayoutEffect(() => {
    let last = '';
    drawRef.current = (pos) => {
      const f = bloomFrame(pos.phase, pos.phaseProgress);
      const key = `${f.scale.toFixed(4)}:${f.rotationDeg.toFixed(3)}`;
      if (key === last) return; // holds: nothing moves, nothing is written
      last = key;
      if (flowerRef.current)
        flowerRef.current.style.transform =
          variant === 'bloom'
            ? `rotate(${f.rotationDeg.toFixed(3)}deg) scale(${f.scale.toFixed(4)})`
            : `scale(${f.scale.toFixed(4)})`;
      if (haloRef.current) haloRef.current.style.opacity = (0.15 + 0.6 * f.openness).toFixed(3);
      if (variant === 'bloom')
        petalRefs.current.forEach((el, i) => {
          if (el)
            el.style.transform = `rotate(${petalAngle(i)}deg) translateY(${(-50 * f.openness).toFixed(3)}%)`;
        });
    };
    return () => {
      drawRef.current = null;
    };
  }, [drawRef, variant]);

  return (
    <div className={`guide-bloom guide-bloom--${variant}`} data-testid={`guide-${variant}`}>
      <div ref={haloRef} className="guide-bloom__halo" />
      <div ref={flowerRef} className="guide-bloom__flower">
        {variant === 'bloom' ? (
          PETALS.map((i) => (
            <div
              key={i}
              ref={(el) => {
                petalRefs.current[i] = el;
              }}
              className="guide-bloom__petal"
            />
          ))
        ) : (
          <div className="guide-bloom__core" />
        )}
      </div>
    </div>
  );
}
