/**
 * The camera pulse's readings over a session (docs/product.md § Heart and safety): each
 * reading counted once, and the session's figure, the median of the measured ones or the
 * reason none was. Apart from the trace (./pulseTrace.ts) so the session's summary, in
 * the first load, does not bring the pulse method with it. Pure.
 */
import type { PulseReason, PulseStatus } from './pulseTrace';

/** One reading as the camera reports it: what it said and when (ms, the samples' clock). */
export interface PulseSample {
  reading: PulseStatus;
  at: number;
}

/** The session's readings so far (each counted once, however many frames carry it). */
export interface PulseTally {
  bpm: number[];
  reasons: Partial<Record<PulseReason, number>>;
  lastAt: number | null;
}

export const emptyPulseTally = (): PulseTally => ({ bpm: [], reasons: {}, lastAt: null });

export function tallyPulse(tally: PulseTally, sample: PulseSample | undefined): PulseTally {
  if (!sample || !Number.isFinite(sample.at) || sample.at === tally.lastAt) return tally;
  const { reading } = sample;
  if (reading.measured) {
    return { ...tally, bpm: [...tally.bpm, reading.bpm], lastAt: sample.at };
  }
  const reasons = { ...tally.reasons, [reading.reason]: (tally.reasons[reading.reason] ?? 0) + 1 };
  return { ...tally, reasons, lastAt: sample.at };
}

/** The session's camera heart rate (docs/product.md § Heart and safety). */
export interface SessionHeartRate {
  /** The median of the measured readings, 0.1 bpm; null when none was measured. */
  bpm: number | null;
  /** How many readings were measured. */
  readings: number;
  /** Without a measured reading: the most frequent reason (the method's own before 'too-short'). */
  reason: PulseReason | null;
}

/** The session's figure, or undefined when no reading was made (no camera pulse ran). */
export function sessionHeartRate(tally: PulseTally): SessionHeartRate | undefined {
  const reasons = Object.entries(tally.reasons) as [PulseReason, number][];
  if (tally.bpm.length === 0 && reasons.length === 0) return undefined;
  if (tally.bpm.length > 0) {
    const s = [...tally.bpm].sort((a, b) => a - b);
    const m = s.length >> 1;
    const median = s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
    return { bpm: Math.round(median * 10) / 10, readings: s.length, reason: null };
  }
  const telling = reasons.filter(([r]) => r !== 'too-short');
  const pick = (telling.length ? telling : reasons).sort((a, b) => b[1] - a[1])[0]!;
  return { bpm: null, readings: 0, reason: pick[0] };
}
