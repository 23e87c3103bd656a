/**
 * Beat-to-beat (RR) intervals from a heart-rate strap: RMSSD, and the heart rate as a
 * series in time for the swing with the breath (docs/product.md § Heart and safety). Pure.
 */

/** A heart-rate reading at a moment: seconds from the start of the recording. */
interface HeartRateSample {
  t: number;
  bpm: number;
}

/** Intervals outside 300-2000 ms (200-30 beats a minute) are not heart beats: dropped. */
const MIN_RR_MS = 300;
const MAX_RR_MS = 2000;

function plausibleRr(rrMs: number): boolean {
  return Number.isFinite(rrMs) && rrMs >= MIN_RR_MS && rrMs <= MAX_RR_MS;
}

/**
 * Root mean square of successive differences of the RR intervals (ms), over successive
 * pairs whose both intervals are plausible beats; null when no such pair exists. Rounded
 * to 0.1 ms.
 */
export function rmssd(rrMs: readonly number[]): number | null {
  let sum = 0;
  let pairs = 0;
  for (let i = 1; i < rrMs.length; i++) {
    const a = rrMs[i - 1]!;
    const b = rrMs[i]!;
    if (!plausibleRr(a) || !plausibleRr(b)) continue;
    sum += (b - a) * (b - a);
    pairs++;
  }
  if (pairs === 0) return null;
  return Math.round(Math.sqrt(sum / pairs) * 10) / 10;
}

/**
 * The instantaneous heart rate at each beat: beat k ends at `startS` plus the sum of the
 * intervals so far and has the rate 60000 / RR. Implausible intervals still advance time
 * but give no sample.
 */
export function heartRateFromRr(rrMs: readonly number[], startS = 0): HeartRateSample[] {
  const out: HeartRateSample[] = [];
  let t = startS;
  for (const rr of rrMs) {
    if (!Number.isFinite(rr) || rr <= 0) continue;
    t += rr / 1000;
    if (plausibleRr(rr)) out.push({ t, bpm: 60000 / rr });
  }
  return out;
}
