/**
 * The spoken cues of the cue track (docs/product.md § Programs, "Spoken cues"): the
 * committed recordings (src/assets/voice/, made by scripts/voice-cues.mjs with espeak-ng)
 * are read back from disk per the RIFF/WAVE layout, their words are the step names the
 * screen shows, and in a rendered track each step's recorded name starts within 5 ms of
 * its boundary (an energy detector on the samples) and is that step's recording (the
 * samples after the boundary match the clip).
 *
 * Not proved here: that the words are intelligible (nobody listened in a test; the
 * synthesiser's output is trusted), nor a browser's decoding (e2e/programs.spec.ts decodes
 * the page's own track with Chromium and checks the onsets with the voice on, the default).
 */
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getBuiltInProgram } from '../../../src/domain/programs/builtInPrograms';
import { CUE_SAMPLE_RATE, cueTrackPlan, renderWav } from '../../../src/domain/programs/cueTrack';
import { STEP_LABELS, type StepKind } from '../../../src/domain/programs/programTypes';
import { buildTimeline } from '../../../src/domain/programs/timeline';
import { startRun } from '../../../src/domain/programs/timelineRun';
import {
  readVoiceClip,
  VOICE_CLIP_KINDS,
  type VoiceClips,
} from '../../../src/domain/programs/voiceClips';
import { onsetsMs, readWav } from './wavReading';

const DIR = 'src/assets/voice';
const fileOf = (kind: StepKind) => `${DIR}/${kind}.wav`;
const bytesOf = (kind: StepKind) => new Uint8Array(readFileSync(fileOf(kind)));
const clips: VoiceClips = Object.fromEntries(
  VOICE_CLIP_KINDS.map((k) => [k, readVoiceClip(bytesOf(k), CUE_SAMPLE_RATE)]),
);

describe('the committed recordings', () => {
  it('speak the step names the screen shows, one file per step kind', () => {
    const manifest = JSON.parse(readFileSync(`${DIR}/manifest.json`, 'utf8')) as {
      synthesiser: string;
      words: Record<string, string>;
    };
    expect(manifest.synthesiser).toMatch(/eSpeak NG/);
    expect(manifest.words).toEqual(STEP_LABELS);
    expect([...VOICE_CLIP_KINDS].sort()).toEqual(Object.keys(STEP_LABELS).sort());
  });

  it('are recorded from the one list of step names (the script holds no copy of the words)', () => {
    const script = readFileSync('scripts/voice-cues.mjs', 'utf8');
    expect(script).toContain("readFileSync('src/domain/programs/stepLabels.json'");
    for (const words of Object.values(STEP_LABELS))
      expect(script, words).not.toContain(`'${words}'`);
  });

  it('are 8-bit mono PCM at the track rate, short, and small (figures in docs/product.md)', () => {
    let total = 0;
    for (const kind of VOICE_CLIP_KINDS) {
      const { fmt, samples } = readWav(bytesOf(kind));
      expect(fmt).toEqual({ format: 1, channels: 1, rate: CUE_SAMPLE_RATE, bits: 8 });
      expect(samples.length / CUE_SAMPLE_RATE).toBeGreaterThan(0.3);
      expect(samples.length / CUE_SAMPLE_RATE).toBeLessThan(1.5);
      total += statSync(fileOf(kind)).size;
    }
    expect(total).toBeLessThan(48_000);
  });

  it('each start on the word (sound from the first 2 ms) and hold no gap a detector would take for a second cue', () => {
    for (const kind of VOICE_CLIP_KINDS) {
      const { samples } = readWav(bytesOf(kind));
      const quiet = new Float32Array(CUE_SAMPLE_RATE).fill(0);
      const padded = new Float32Array(quiet.length + samples.length);
      padded.set(
        samples.map((v) => v * 0.6),
        quiet.length,
      );
      const found = onsetsMs(padded, CUE_SAMPLE_RATE);
      expect(found, kind).toHaveLength(1);
      expect(found[0]! - 1000, kind).toBeLessThanOrEqual(2);
    }
  });

  it('a file in another format is refused with the reason, not played', () => {
    const wav16 = bytesOf('hold').slice();
    new DataView(wav16.buffer).setUint16(34, 16, true);
    expect(() => readVoiceClip(wav16, CUE_SAMPLE_RATE)).toThrow(/8-bit mono PCM at 8000 Hz/);
    expect(() => readVoiceClip(new TextEncoder().encode('<html>'), CUE_SAMPLE_RATE)).toThrow(
      /not a WAV file/,
    );
    expect(() => readVoiceClip(bytesOf('hold'), 16_000)).toThrow(/16000 Hz/);
  });
});

describe('a progressive program with the spoken cues on', () => {
  const t = buildTimeline(getBuiltInProgram('box-rising')!);
  const plan = cueTrackPlan(t, startRun(0), 0);
  const boundaries = plan.cues.filter((c) => c.stepIndex >= 0);
  // The closing notes (the last cycle's bell is a step tone, silent with the tones off).
  const end = plan.cues.find((c) => c.stepIndex < 0 && !c.stepTone)!.atMs;

  it('voice alone: each step name starts within 5 ms of its boundary, and it is that step’s name', () => {
    const { samples } = readWav(
      renderWav(plan, 0.6, CUE_SAMPLE_RATE, { tones: false, voice: clips }),
    );
    const found = onsetsMs(samples, CUE_SAMPLE_RATE);
    expect(found.length).toBe(boundaries.length + 1); // and the closing notes
    boundaries.forEach((c, k) => expect(Math.abs(found[k]! - c.atMs)).toBeLessThanOrEqual(5));
    expect(Math.abs(found[boundaries.length]! - end)).toBeLessThanOrEqual(5);
    // The samples from each boundary are the recording of that step's kind (8-bit rounding aside).
    for (const c of boundaries) {
      const clip = clips[c.kind!]!;
      const at = Math.round((c.atMs * CUE_SAMPLE_RATE) / 1000);
      let err = 0;
      for (let k = 0; k < clip.length; k++)
        err = Math.max(err, Math.abs(samples[at + k]! - 0.6 * clip[k]!));
      expect(err, `${c.kind} at ${c.atMs} ms`).toBeLessThan(2 / 128);
    }
    // Box breathing speaks 'Inhale', 'Hold', 'Exhale', 'Hold empty' in turn.
    expect(boundaries.slice(0, 4).map((c) => STEP_LABELS[c.kind!])).toEqual([
      'Inhale',
      'Hold',
      'Exhale',
      'Hold empty',
    ]);
  });

  it('voice and tones: one onset per boundary, within 5 ms; without the voice the track is the tones alone', () => {
    const both = readWav(renderWav(plan, 0.6, CUE_SAMPLE_RATE, { voice: clips })).samples;
    const found = onsetsMs(both, CUE_SAMPLE_RATE);
    expect(found.length).toBe(boundaries.length + 1);
    boundaries.forEach((c, k) => expect(Math.abs(found[k]! - c.atMs)).toBeLessThanOrEqual(5));
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
    const tonesOnly = renderWav(plan, 0.6);
    expect(same(renderWav(plan, 0.6, CUE_SAMPLE_RATE, { voice: null }), tonesOnly)).toBe(true);
    expect(same(renderWav(plan, 0.6, CUE_SAMPLE_RATE, { voice: clips }), tonesOnly)).toBe(false);
  });
});
