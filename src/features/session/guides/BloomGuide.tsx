import { useLayoutEffect, useRef } from 'react';
import {
  BLOOM_PETALS,
  bloomFrame,
  cycleKeyframes,
  isHold,
  petalAngle,
  type BloomFrame,
} from '../../../domain/guideShapes';
import { animateBreath } from './phaseAnimation';
import type { GuideMoment, GuideProps } from './types';

const PETALS = Array.from({ length: BLOOM_PETALS }, (_, i) => i);
/** Points per inhale or exhale: the breath's easing, followed closely by straight pieces. */
const SAMPLES = 16;

const flowerTransform = (f: BloomFrame, turns: boolean) =>
  turns
    ? `rotate(${f.rotationDeg.toFixed(3)}deg) scale(${f.scale.toFixed(4)})`
    : `scale(${f.scale.toFixed(4)})`;
const petalTransform = (i: number, f: BloomFrame) =>
  `rotate(${petalAngle(i)}deg) translateY(${(-50 * f.openness).toFixed(3)}%)`;
const haloOpacity = (f: BloomFrame) => (0.15 + 0.6 * f.openness).toFixed(3);

/**
 * The breath as a flower: petals open and the bloom turns as the lungs fill, close as
 * they empty, with the breath's easing; on a hold nothing moves. The orb variant (fast
 * patterns) is one sphere that grows and shrinks, its halo brightening at full lungs.
 */
export function BloomGuide({ driverRef, variant }: GuideProps & { variant: 'bloom' | 'orb' }) {
  const flowerRef = useRef<HTMLDivElement>(null);
  const haloRef = useRef<HTMLDivElement>(null);
  const petalRefs = useRef<(HTMLDivElement | null)[]>([]);

  useLayoutEffect(() => {
    const turns = variant === 'bloom';
    const show = (m: GuideMoment) => {
      const now = bloomFrame(m.pos.phase, m.pos.phaseProgress);
      const keys = cycleKeyframes(m.schedule, bloomFrame, (phase) => (isHold(phase) ? 1 : SAMPLES));
      const drive = (
        el: HTMLElement | null,
        prop: 'transform' | 'opacity',
        value: (f: BloomFrame) => string,
      ) => {
        if (!el) return;
        el.style[prop] = value(now);
        animateBreath(el, keys, (f) => ({ [prop]: value(f) }), m);
      };
      drive(flowerRef.current, 'transform', (f) => flowerTransform(f, turns));
      if (turns)
        petalRefs.current.forEach((el, i) => drive(el, 'transform', (f) => petalTransform(i, f)));
      else drive(haloRef.current, 'opacity', haloOpacity);
    };
    driverRef.current = { show };
    return () => {
      driverRef.current = null;
    };
  }, [driverRef, variant]);

  return (
    <div className={`guide-bloom guide-bloom--${variant}`} data-testid={`guide-${variant}`}>
      {/* The bloom glows on the stage's own light; the orb carries a halo that brightens. */}
      {variant === 'orb' ? <div ref={haloRef} className="guide-bloom__halo" /> : null}
      <div ref={flowerRef} className="guide-bloom__flower" data-testid="guide-flower">
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
