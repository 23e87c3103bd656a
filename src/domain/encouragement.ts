/**
 * Adaptive encouragement (docs/product.md § Sessions): how often a message appears and
 * which one. Pure.
 *
 * Interval: 30 s by default, 45 s when stillness is above 80, 20 s when below 50, and at
 * most 25 s while progress is under 25 %. Celebration when stillness is above 75.
 * Stillness exists only when a camera measured it; without one the messages speak about
 * progress only, never about how still the user was.
 */

const ENCOURAGEMENT_DEFAULT_MS = 30_000;
const ENCOURAGEMENT_STILL_MS = 45_000;
const ENCOURAGEMENT_RESTLESS_MS = 20_000;
const ENCOURAGEMENT_EARLY_CAP_MS = 25_000;

interface EncouragementInputs {
  /** 0-100 completion of the session. */
  progressPercent: number;
  /** 0-100 from the camera; undefined without a camera. */
  stillness?: number;
}

export function encouragementIntervalMs({
  progressPercent,
  stillness,
}: EncouragementInputs): number {
  let interval = ENCOURAGEMENT_DEFAULT_MS;
  if (typeof stillness === 'number') {
    if (stillness > 80) interval = ENCOURAGEMENT_STILL_MS;
    else if (stillness < 50) interval = ENCOURAGEMENT_RESTLESS_MS;
  }
  if (progressPercent < 25) interval = Math.min(interval, ENCOURAGEMENT_EARLY_CAP_MS);
  return interval;
}

function isCelebration(stillness: number | undefined): boolean {
  return typeof stillness === 'number' && stillness > 75;
}

type EncouragementKind = 'celebration' | 'settling' | 'midway' | 'closing' | 'refocus';

interface Encouragement {
  kind: EncouragementKind;
  text: string;
}

const SETTLING = [
  'Settle in. Let each breath find its full length.',
  'Soften your shoulders and follow the guide.',
];
const MIDWAY = [
  'You are well into your practice. Keep the rhythm soft and even.',
  'Stay with the count. Each breath builds on the last.',
];
const CLOSING = [
  'Almost there. Stay with the breath a little longer.',
  'Final stretch. Let the exhale be slow.',
];
const REFOCUS = [
  'Let your body grow still and return to the guide.',
  'Notice any movement, then let it settle.',
];
const CELEBRATION = ['Beautifully still. Keep it up.', 'Lovely calm focus. You are in the flow.'];

/**
 * The message to show. `index` rotates through variants (the count of messages shown so
 * far) so repeated messages differ, deterministically.
 */
export function pickEncouragement(inputs: EncouragementInputs, index = 0): Encouragement {
  const pick = (list: string[]) => list[Math.abs(Math.trunc(index)) % list.length]!;
  if (isCelebration(inputs.stillness)) return { kind: 'celebration', text: pick(CELEBRATION) };
  if (typeof inputs.stillness === 'number' && inputs.stillness < 50)
    return { kind: 'refocus', text: pick(REFOCUS) };
  if (inputs.progressPercent < 25) return { kind: 'settling', text: pick(SETTLING) };
  if (inputs.progressPercent < 75) return { kind: 'midway', text: pick(MIDWAY) };
  return { kind: 'closing', text: pick(CLOSING) };
}
