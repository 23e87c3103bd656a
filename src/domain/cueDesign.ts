/**
 * The eyes-closed cues (docs/product.md § Breath timing), pure: which sound and which
 * vibration marks each phase, which channels a person chose, and how far ahead the tones
 * are planned. The session screen plays them; nothing here touches a device.
 *
 * Sounds are generated (no audio files): a tone that rises through the inhale, one that
 * falls through the exhale, and a soft short tick for each hold (higher after the inhale,
 * lower after the exhale), so each phase is told apart by ear alone.
 */
import type { PhaseName } from './breathClock';

export interface ToneSpec {
  /** 'sweep' glides from `fromHz` to `toHz`; 'tick' is a short soft click at `fromHz`. */
  kind: 'sweep' | 'tick';
  fromHz: number;
  toHz: number;
  /** Seconds until the tone has faded out. */
  lengthS: number;
  /** Peak level before the volume setting, 0..1. */
  peak: number;
}

export const PHASE_TONES: Readonly<Record<PhaseName, ToneSpec>> = Object.freeze({
  inhale: { kind: 'sweep', fromHz: 330, toHz: 495, lengthS: 0.9, peak: 0.5 },
  hold: { kind: 'tick', fromHz: 880, toHz: 880, lengthS: 0.12, peak: 0.3 },
  exhale: { kind: 'sweep', fromHz: 495, toHz: 297, lengthS: 1.1, peak: 0.5 },
  pause: { kind: 'tick', fromHz: 587, toHz: 587, lengthS: 0.12, peak: 0.3 },
});

/**
 * The session's last cycle starts with the inhale tone and a soft bell an octave above
 * it, so the end is announced to closed eyes too.
 */
export const LAST_CYCLE_BELL: ToneSpec = Object.freeze({
  kind: 'tick',
  fromHz: 660,
  toHz: 660,
  lengthS: 1.6,
  peak: 0.25,
});

/** The close of a completed session: two soft notes, a fifth apart. */
export const CLOSING_NOTES: readonly ToneSpec[] = Object.freeze([
  { kind: 'tick', fromHz: 396, toHz: 396, lengthS: 2.4, peak: 0.3 },
  { kind: 'tick', fromHz: 594, toHz: 594, lengthS: 2.8, peak: 0.22 },
]);
/** Seconds between the two closing notes. */
export const CLOSING_NOTE_GAP_S = 0.35;

/** One pulse of a vibration cue, the gap between two, and the long one of a hold (ms). */
export const VIBRATION_PULSE_MS = 120;
const VIBRATION_GAP_MS = 140;
export const VIBRATION_LONG_MS = 600;

/**
 * A vibration pattern per phase (ms on, off, on, ...), told apart by feel with eyes closed
 * (issue #47, item 4, as 'Paced Breathing' does it): one pulse for the inhale, two for the
 * exhale, one long pulse for a hold (on full or on empty lungs).
 */
export const PHASE_VIBRATION: Readonly<Record<PhaseName, readonly number[]>> = Object.freeze({
  inhale: [VIBRATION_PULSE_MS],
  hold: [VIBRATION_LONG_MS],
  exhale: [VIBRATION_PULSE_MS, VIBRATION_GAP_MS, VIBRATION_PULSE_MS],
  pause: [VIBRATION_LONG_MS],
});

/** The channels a person can choose; none at all is silence (the screen alone guides). */
export interface CueChannels {
  voice: boolean;
  tones: boolean;
  vibration: boolean;
}

/** How the choice reads on screen, e.g. 'Tones and vibration', or 'Silent'. */
export function describeCueChannels(c: CueChannels): string {
  const parts = [c.voice && 'voice', c.tones && 'tones', c.vibration && 'vibration'].filter(
    (p): p is string => Boolean(p),
  );
  if (!parts.length) return 'Silent: the screen alone guides you';
  const text =
    parts.length === 1
      ? parts[0]!
      : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const DEFAULT_CUE_VOLUME = 0.6;

/** A volume setting 0..1 from anything stored (a bad value falls back to the default). */
export function cueVolume(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_CUE_VOLUME;
  return Math.min(1, Math.max(0, value));
}

/** The phase announcement for the screen reader; the start of the last cycle is named. */
export function phaseAnnouncement(
  label: string,
  seconds: number,
  startsLastCycle: boolean,
): string {
  return `${startsLastCycle ? 'Last cycle. ' : ''}${label}, ${seconds} seconds`;
}
