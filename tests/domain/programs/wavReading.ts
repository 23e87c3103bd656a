/**
 * Reading the cue track's WAV files in tests, per the RIFF/WAVE layout (not with the
 * writer's code), and finding onsets with an energy detector.
 */
import { expect } from 'vitest';

/** Reads a PCM WAV per the RIFF layout: format, rate and the samples as -1..1. */
export function readWav(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.slice(at, at + 4));
  expect(tag(0)).toBe('RIFF');
  expect(view.getUint32(4, true)).toBe(bytes.length - 8);
  expect(tag(8)).toBe('WAVE');
  let at = 12;
  let fmt: { format: number; channels: number; rate: number; bits: number } | null = null;
  for (;;) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') {
      fmt = {
        format: view.getUint16(at + 8, true),
        channels: view.getUint16(at + 10, true),
        rate: view.getUint32(at + 12, true),
        bits: view.getUint16(at + 22, true),
      };
    }
    if (id === 'data') {
      const data = bytes.slice(at + 8, at + 8 + size);
      return { fmt: fmt!, samples: Float32Array.from(data, (b) => (b - 128) / 128) };
    }
    at += 8 + size + (size % 2);
  }
}

/** Onsets (ms): the first sample over the threshold after at least `quietMs` of silence. */
export function onsetsMs(
  samples: Float32Array,
  rate: number,
  quietMs = 150,
  threshold = 3 / 128,
): number[] {
  const out: number[] = [];
  let quiet = Number.POSITIVE_INFINITY;
  const need = (quietMs * rate) / 1000;
  for (let k = 0; k < samples.length; k++) {
    if (Math.abs(samples[k]!) >= threshold) {
      if (quiet >= need) out.push((k * 1000) / rate);
      quiet = 0;
    } else quiet++;
  }
  return out;
}
