import type { PhaseName } from './breathClock';

/** The breathing guide's smallest size, relative to full lungs (1). */
export const MIN_BREATH_SCALE = 0.55;

const ease = (t: number) => 0.5 - Math.cos(Math.PI * Math.min(1, Math.max(0, t))) / 2;

/**
 * How large the breathing guide is at a position in a phase (0..1 progress): it grows on
 * the inhale, stays full on the hold, shrinks on the exhale and rests small on the pause,
 * eased like a breath. Pure: the session guide and the create-pattern preview both use it.
 */
export function breathScale(phase: PhaseName, progress: number): number {
  switch (phase) {
    case 'inhale':
      return MIN_BREATH_SCALE + (1 - MIN_BREATH_SCALE) * ease(progress);
    case 'hold':
      return 1;
    case 'exhale':
      return 1 - (1 - MIN_BREATH_SCALE) * ease(progress);
    case 'pause':
      return MIN_BREATH_SCALE;
  }
}
