/**
 * The spoken cues of a program's cue track (docs/product.md § Programs, "Spoken cues"):
 * short recordings of the step names (STEP_LABELS), made at build time with espeak-ng by
 * scripts/voice-cues.mjs and shipped in src/assets/voice/ in the cue track's own format
 * (8-bit unsigned PCM WAV, mono, 8 kHz). Each recording starts on its word's first sample,
 * so a clip mixed in at a boundary's sample is heard from the boundary.
 *
 * Pure: reading a clip's bytes (a file in any other format is refused with the reason).
 */
import type { StepKind } from './programTypes';

/** A clip's samples, -1..1, at the cue track's rate. */
type VoiceClip = Float32Array;
/** The clips by step kind; a kind without one is cued by its tone alone. */
export type VoiceClips = Partial<Record<StepKind, VoiceClip>>;

/** The step kinds that have a recording (every kind the timeline has). */
export const VOICE_CLIP_KINDS: readonly StepKind[] = [
  'inhale',
  'topup',
  'hold',
  'exhale',
  'pause',
  'retention',
  'rest',
];

/** At most this long (a name, not a sentence): a longer file is refused. */
const VOICE_CLIP_MAX_S = 2;

/**
 * The samples of a voice clip file, checked per the RIFF/WAVE layout: PCM, mono, 8-bit,
 * `sampleRate` Hz, at most VOICE_CLIP_MAX_S long. Throws an Error saying what is wrong.
 */
export function readVoiceClip(bytes: Uint8Array, sampleRate: number): VoiceClip {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) =>
    at + 4 <= bytes.length ? String.fromCharCode(...bytes.subarray(at, at + 4)) : '';
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('A voice cue is not a WAV file');
  let at = 12;
  let fmtOk = false;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ' && size >= 16) {
      const format = view.getUint16(at + 8, true);
      const channels = view.getUint16(at + 10, true);
      const rate = view.getUint32(at + 12, true);
      const bits = view.getUint16(at + 22, true);
      if (format !== 1 || channels !== 1 || bits !== 8 || rate !== sampleRate)
        throw new Error(
          `A voice cue must be 8-bit mono PCM at ${sampleRate} Hz (this one: format ${format}, ${channels} channels, ${bits}-bit, ${rate} Hz)`,
        );
      fmtOk = true;
    } else if (id === 'data') {
      if (!fmtOk) throw new Error('A voice cue has no format before its samples');
      const n = Math.min(size, bytes.length - at - 8);
      if (n > VOICE_CLIP_MAX_S * sampleRate)
        throw new Error(`A voice cue is longer than ${VOICE_CLIP_MAX_S} s`);
      return Float32Array.from(bytes.subarray(at + 8, at + 8 + n), (b) => (b - 128) / 127);
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('A voice cue has no samples');
}
