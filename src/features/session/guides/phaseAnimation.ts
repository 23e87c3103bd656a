import type { CycleKey } from '../../../domain/guideShapes';
import type { GuideMoment } from './types';

const running = new WeakMap<Element, Animation>();

/** Stops an element's breath animation, leaving `style` (its still state) in place. */
export function stopBreathAnimation(el: Element): void {
  running.get(el)?.cancel();
  running.delete(el);
}

/**
 * Runs `el` through one breath cycle of keyframes, repeated for the round's cycles, from
 * where the breath is now: the animation's clock is set to the active time already gone
 * in the round, so it stays in step with the breath clock (called inside a frame
 * callback, it starts on that frame). Paused, it waits at that point. `style` should hold
 * the same state, for the moment before the animation starts and after it is stopped.
 */
export function animateBreath<T>(
  el: HTMLElement,
  keys: CycleKey<T>[],
  toKeyframe: (value: T) => Keyframe,
  moment: GuideMoment,
): void {
  stopBreathAnimation(el);
  if (typeof el.animate !== 'function' || moment.schedule.cycleMs <= 0) return;
  const anim = el.animate(
    keys.map((k) => ({ ...toKeyframe(k.value), offset: k.offset })),
    {
      duration: moment.schedule.cycleMs,
      iterations: Math.max(1, moment.cycles),
      easing: 'linear',
      fill: 'forwards',
    },
  );
  anim.currentTime = Math.min(moment.elapsedMs, moment.schedule.cycleMs * moment.cycles);
  if (!moment.running) anim.pause();
  running.set(el, anim);
}
