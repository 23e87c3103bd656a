/**
 * The progress line of a running program (docs/product.md § Programs): breath cycles done of
 * those planned, or, for a program without breathing cycles (a breath-hold table such as the
 * CO2 and O2 tables), timed holds done of those planned. Null when the program plans neither
 * (retentions only: their times are listed on their own), so no '0 of 0' is ever shown.
 */
import type { Timeline } from './timeline';

type Step = Timeline['steps'][number];

interface ProgressCount {
  done: number;
  total: number;
  unit: 'breath cycles' | 'holds';
}

/**
 * A timed hold outside breathing cycles (the same steps `totalHolds` of the practice run and
 * `holdResults` count).
 */
const isTimedHold = (s: Step) =>
  s.cycle < 0 && s.plannedMs !== null && (s.kind === 'hold' || s.kind === 'pause');

export function progressCount(
  t: Timeline,
  pos: { stepIndex: number; completedCycles: number },
): ProgressCount | null {
  if (t.totalCycles > 0)
    return { done: pos.completedCycles, total: t.totalCycles, unit: 'breath cycles' };
  let total = 0;
  let done = 0;
  t.steps.forEach((s, i) => {
    if (!isTimedHold(s)) return;
    total++;
    if (i < pos.stepIndex) done++;
  });
  return total > 0 ? { done, total, unit: 'holds' } : null;
}

/** '3 of 8 holds', '1 of 1 hold', '0 of 30 breath cycles'. */
export function progressCountText(p: ProgressCount): string {
  const unit = p.total === 1 ? p.unit.replace(/s$/, '') : p.unit;
  return `${p.done} of ${p.total} ${unit}`;
}
