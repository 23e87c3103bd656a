import type { CycleKey } from '../../../domain/guideShapes';
import { recordGuideStart } from '../timingProbe';
import type { GuideMoment } from './types';

const running = new WeakMap<Element, Animation>();

/** Stops an element's breath animation, leaving `style` (its still state) in place. */
function stopBreathAnimation(el: Element): void {
  running.get(el)?.cancel();
  running.delete(el);
}

/**
 * Runs `el` through one breath cycle of keyframes, repeated for the round's cycles, from
 * where the breath is now: the animation starts at this frame's time minus the active
 * time already gone in the round, so it stays in step with the breath clock (call it
 * inside a frame callback). Paused, it waits at that point. `style` should hold the same
 * state, for the moment before the animation starts and after it is stopped.
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
  const elapsed = Math.min(moment.elapsedMs, moment.schedule.cycleMs * moment.cycles);
  const timelineNow = document.timeline?.currentTime;
  if (!moment.running) {
    anim.pause();
    anim.currentTime = elapsed;
  } else if (typeof timelineNow === 'number') {
    // Started at this frame's time minus the time gone: no wait for the next frame, so
    // the animation's clock is the breath clock (both are performance.now() time).
    anim.startTime = timelineNow - elapsed;
  } else anim.currentTime = elapsed;
  if (moment.running && moment.roundStartAt !== null) {
    const expectedStart = moment.roundStartAt;
    void anim.ready.then(
      () => {
        if (typeof anim.startTime === 'number')
          recordGuideStart({ round: moment.round, expectedStart, animationStart: anim.startTime });
      },
      () => {}, // cancelled before it started (paused or left at once)
    );
  }
  running.set(el, anim);
}
