/**
 * A program's cue track, rendered ahead of time (docs/product.md § Programs, "Timing that
 * survives a locked screen"): the tones of every step boundary written into one audio
 * file that an <audio> element plays. A playing <audio> element keeps going with the
 * screen locked where page timers and Web Audio are stopped, so the cues keep exact time.
 *
 * Pure: which tone starts at which millisecond (`cueTrackPlan`), and the samples of a
 * WAV file (8-bit unsigned PCM, mono, 8 kHz: 8 kB a second, about 14 MB for 30 minutes)
 * with each tone starting on the sample of its boundary (`renderWav`). A track runs from
 * one step to the next open retention (whose end only a tap knows) or to the end of the
 * program; a retention's track ticks softly every 30 s for up to 15 minutes. With the spoken
 * cues on, each step's recorded name (./voiceClips) is mixed in from the same sample as its
 * tone, so the word too starts on the boundary. The first step of the last cycle rings a
 * bell with its tone, and the end of the timeline two closing notes.
 */
import {
  CLOSING_NOTES,
  CLOSING_NOTE_GAP_S,
  LAST_CYCLE_BELL,
  PHASE_TONES,
  type ToneSpec,
} from '../cueDesign';
import { windDownGain } from '../windDown';
import type { StepKind } from './programTypes';
import type { VoiceClips } from './voiceClips';
import { type Timeline } from './timeline';
import { stepLengthMs, stepOffsets, type RunState } from './timelineRun';

export const CUE_SAMPLE_RATE = 8000;
/** A retention track ticks this often while the stopwatch runs... */
const RETENTION_TICK_MS = 30_000;
/** ...for at most this long (then the track is silent; the page, when awake, goes on). */
const RETENTION_TRACK_MS = 15 * 60_000;
/** Linear attack, so a tone's onset is sharp (the first audible sample is its boundary). */
const ATTACK_S = 0.004;

const STEP_TONES: Readonly<Record<StepKind, ToneSpec>> = Object.freeze({
  ...PHASE_TONES,
  topup: { kind: 'sweep', fromHz: 495, toHz: 660, lengthS: 0.45, peak: 0.5 },
  retention: { kind: 'tick', fromHz: 440, toHz: 440, lengthS: 0.6, peak: 0.35 },
  rest: { kind: 'sweep', fromHz: 392, toHz: 330, lengthS: 0.9, peak: 0.35 },
});

const RETENTION_TICK: ToneSpec = {
  kind: 'tick',
  fromHz: 1047,
  toHz: 1047,
  lengthS: 0.08,
  peak: 0.15,
};

interface Cue {
  /** Ms from the start of the track. */
  atMs: number;
  tone: ToneSpec;
  /** The step whose start this cue marks; -1 for a stopwatch tick or a closing note. */
  stepIndex: number;
  /** That step's kind (absent for a tick or a closing note). */
  kind?: StepKind;
  /** One of the step tones (a step's own, or the last cycle's bell): silent with the tones off. */
  stepTone?: boolean;
}

/** What the track carries at each step boundary: its tone, its spoken name, or both. */
export interface CueMix {
  /** The step tones (default on; the stopwatch ticks and closing notes always play). */
  tones?: boolean;
  /** The recorded step names to speak, or null/absent for none. */
  voice?: VoiceClips | null;
  /**
   * A sound bed under the cues (../soundBeds makes the loop, at this track's sample rate):
   * repeated for the whole track at `level` 0..1, faded in and out, never clipping the cues.
   */
  bed?: { loop: Float32Array; level: number } | null;
  /**
   * Wind-down mode (../windDown): everything in the track (cues, voice, bed) follows
   * windDownGain over the last minutes before the end of the timeline, and the closing notes
   * ring at its floor. A track that ends in an open retention keeps its volume (its end is a tap).
   */
  windDown?: boolean;
}

/** Per sample of the track: the share of the volume it plays at (1 without wind-down). */
type GainAt = (sample: number) => number;

function windDownGainAt(plan: CueTrackPlan, mix: CueMix, sampleRate: number): GainAt | null {
  if (!mix.windDown || plan.endMs === null) return null;
  const endMs = plan.endMs;
  const totalMs = plan.originMs + endMs;
  return (k) => windDownGain(endMs - (k * 1000) / sampleRate, totalMs);
}

/** A bed fades in at the start of a track and out at its end over this long (no click). */
const BED_FADE_S = 0.3;

/**
 * Writes a bed loop into 8-bit unsigned samples (silence 128), repeated from the loop's
 * sample `offset`, faded in and out at the ends of the track.
 */
function addBed(
  pcm: Uint8Array,
  loop: Float32Array,
  level: number,
  offset: number,
  sampleRate: number,
  gainAt: GainAt | null,
) {
  const n = pcm.length;
  const fade = Math.max(1, Math.round(BED_FADE_S * sampleRate));
  const gain = Math.min(1, Math.max(0, level));
  for (let k = 0; k < n; k++) {
    const edge = Math.min(1, (k + 1) / fade, (n - k) / fade) * (gainAt ? gainAt(k) : 1);
    const v = pcm[k]! + Math.round(127 * gain * edge * loop[(offset + k) % loop.length]!);
    pcm[k] = Math.max(0, Math.min(255, v));
  }
}

export interface CueTrackPlan {
  /** The step the track starts with (its start is the track's 0 ms). */
  fromStep: number;
  /** Active-time offset of the track's 0 ms in the program. */
  originMs: number;
  cues: Cue[];
  lengthMs: number;
  /** The track ends in an open retention (a tap starts the next track). */
  endsInRetention: boolean;
  /** Ms in the track at which the timeline ends (its last step's end); null in a retention. */
  endMs: number | null;
}

/** Step `i` is the first of the timeline's last cycle (of two or more): a bell rings with it. */
function startsLastCycle(t: Timeline, i: number): boolean {
  const step = t.steps[i]!;
  if (t.totalCycles < 2 || step.programCycle !== t.totalCycles - 1) return false;
  return i === 0 || t.steps[i - 1]!.programCycle !== step.programCycle;
}

/**
 * The cues from step `fromStep` to the next open retention (included) or to the end of
 * the program. Boundaries come from the timeline's offsets, so they are exactly the
 * boundaries the guide shows.
 */
export function cueTrackPlan(t: Timeline, run: RunState, fromStep: number): CueTrackPlan {
  const offsets = stepOffsets(t, run);
  const originMs = offsets[fromStep]!;
  if (!Number.isFinite(originMs)) throw new Error('A cue track starts at a known boundary');
  const cues: Cue[] = [];
  let i = fromStep;
  for (; i < t.steps.length; i++) {
    const at = offsets[i]! - originMs;
    const kind = t.steps[i]!.kind;
    cues.push({ atMs: at, tone: STEP_TONES[kind], stepIndex: i, kind });
    if (startsLastCycle(t, i))
      cues.push({ atMs: at, tone: LAST_CYCLE_BELL, stepIndex: -1, stepTone: true });
    if (stepLengthMs(t, run, i) === null) {
      for (let tick = RETENTION_TICK_MS; tick < RETENTION_TRACK_MS; tick += RETENTION_TICK_MS)
        cues.push({ atMs: at + tick, tone: RETENTION_TICK, stepIndex: -1 });
      return {
        fromStep,
        originMs,
        cues,
        lengthMs: at + RETENTION_TRACK_MS,
        endsInRetention: true,
        endMs: null,
      };
    }
  }
  const end = offsets[t.steps.length]! - originMs;
  CLOSING_NOTES.forEach((tone, n) =>
    cues.push({ atMs: end + Math.round(n * CLOSING_NOTE_GAP_S * 1000), tone, stepIndex: -1 }),
  );
  const tail = Math.max(...CLOSING_NOTES.map((n, k) => k * CLOSING_NOTE_GAP_S + n.lengthS));
  return {
    fromStep,
    originMs,
    cues,
    lengthMs: end + Math.ceil(tail * 1000),
    endsInRetention: false,
    endMs: end,
  };
}

/** The sample a cue starts on. */
const onsetSample = (atMs: number, sampleRate = CUE_SAMPLE_RATE) =>
  Math.round((atMs * sampleRate) / 1000);

/** Mixes one tone into 8-bit unsigned samples (silence 128) from sample `start`. */
function addTone(
  pcm: Uint8Array,
  start: number,
  tone: ToneSpec,
  gain: number,
  sampleRate: number,
  gainAt: GainAt | null,
) {
  const n = Math.min(pcm.length - start, Math.round(tone.lengthS * sampleRate));
  const attack = Math.max(1, Math.round(ATTACK_S * sampleRate));
  let phase = 0;
  for (let k = 0; k < n; k++) {
    const frac = k / n;
    const hz = tone.kind === 'sweep' ? tone.fromHz + (tone.toHz - tone.fromHz) * frac : tone.fromHz;
    // A 4 ms linear attack from the boundary's sample, then a smooth fade to silence.
    const env =
      Math.min(1, k / attack) * Math.exp(-4 * frac) * (1 - frac) * (gainAt ? gainAt(start + k) : 1);
    const v = pcm[start + k]! + Math.round(127 * tone.peak * gain * env * Math.cos(phase));
    pcm[start + k] = Math.max(0, Math.min(255, v));
    phase += (2 * Math.PI * hz) / sampleRate;
  }
}

/** Mixes a recorded clip (-1..1) into 8-bit unsigned samples from sample `start`. */
function addClip(
  pcm: Uint8Array,
  start: number,
  clip: Float32Array,
  gain: number,
  gainAt: GainAt | null,
) {
  const n = Math.min(pcm.length - start, clip.length);
  for (let k = 0; k < n; k++) {
    const g = gain * (gainAt ? gainAt(start + k) : 1);
    const v = pcm[start + k]! + Math.round(127 * g * clip[k]!);
    pcm[start + k] = Math.max(0, Math.min(255, v));
  }
}

/**
 * The WAV file (RIFF, PCM format 1, 8-bit unsigned, mono) of a cue plan at `volume` 0..1.
 * Silence is sample value 128; only the cues are computed (a 30-minute track renders in
 * tens of milliseconds). `mix` chooses the step tones and the spoken step names.
 */
export function renderWav(
  plan: CueTrackPlan,
  volume: number,
  sampleRate = CUE_SAMPLE_RATE,
  mix: CueMix = {},
): Uint8Array {
  const samples = Math.max(1, onsetSample(plan.lengthMs, sampleRate));
  const bytes = new Uint8Array(44 + samples + (samples % 2));
  bytes.fill(128, 44); // silence, and the pad byte of an odd-length data chunk
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, s: string) =>
    [...s].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, bytes.length - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  const pcm = bytes.subarray(44, 44 + samples);
  const gain = Math.min(1, Math.max(0, volume));
  const gainAt = windDownGainAt(plan, mix, sampleRate);
  // The bed first, continuing from where the session is (a later track does not restart it).
  if (mix.bed?.loop.length)
    addBed(
      pcm,
      mix.bed.loop,
      mix.bed.level,
      onsetSample(plan.originMs, sampleRate),
      sampleRate,
      gainAt,
    );
  for (const cue of plan.cues) {
    const start = onsetSample(cue.atMs, sampleRate);
    if (start >= samples) continue;
    const clip = cue.kind ? mix.voice?.[cue.kind] : undefined;
    if (clip) addClip(pcm, start, clip, gain, gainAt);
    if ((!cue.kind && !cue.stepTone) || mix.tones !== false)
      addTone(pcm, start, cue.tone, gain, sampleRate, gainAt);
  }
  return bytes;
}
