/**
 * How a program and its steps read on screen (pure): step lengths, the retention
 * stopwatch, a one-line summary of each segment, the planned length.
 */
import { STEP_LABELS, type Program, type Segment } from './programTypes';
import { plannedProgramMs, segmentCycles } from './timeline';

/** A step length: '4 s', '4.5 s', '5.455 s' (no trailing zeros). */
export function stepSecondsText(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** A stopwatch: '0:07', '1:23', '12:05'. */
export function stopwatchText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Whole seconds left, as a countdown shows them (4, 3, 2, 1). */
export function countdownSeconds(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / 1000 - 1e-9));
}

const secondsText = (s: number) =>
  s >= 60 && s % 60 === 0 ? `${s / 60} min` : s > 60 ? stopwatchText(s * 1000) : `${s} s`;

export function segmentSummary(seg: Segment): string {
  switch (seg.kind) {
    case 'breathe': {
      const phases = seg.phases
        .map((p) => `${STEP_LABELS[p.phase].toLowerCase()} ${Number(p.seconds.toFixed(3))}`)
        .join(', ');
      const length =
        seg.cycles !== undefined
          ? `${seg.cycles} cycles`
          : `${secondsText(seg.seconds ?? 0)} (${segmentCycles(seg)} cycles)`;
      const ramp = seg.ramp
        ? `, each phase ${seg.ramp.stepSeconds >= 0 ? '+' : ''}${seg.ramp.stepSeconds} s every ${seg.ramp.everyCycles} cycles up to ${seg.ramp.maxSeconds} s`
        : '';
      return `Breathe: ${phases}; ${length}${ramp}`;
    }
    case 'hold':
      return `Hold on ${seg.lungs} lungs: ${secondsText(seg.seconds)}${seg.endsOnTap ? ' (tap to end early)' : ''}`;
    case 'retention':
      return 'Retention: hold on empty lungs as long as is comfortable (stopwatch)';
    case 'rest':
      return `Rest, breathing normally: ${secondsText(seg.seconds)}`;
  }
}

/** 'About 14 min' (plus 'and your retentions' when it has open holds). */
export function plannedLengthText(p: Pick<Program, 'segments'>): string {
  const min = Math.max(1, Math.round(plannedProgramMs(p) / 60_000));
  const retentions = p.segments.some((s) => s.kind === 'retention');
  return `About ${min} min${retentions ? ' plus your retentions' : ''}`;
}
