import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faceDetectorModel } from '../../../scripts/vision/mediapipeAssets';
import {
  attachMetadata,
  hasTfliteMetadata,
  imageInputMetadata,
} from '../../../scripts/vision/tfliteMetadata';

const require = createRequire(import.meta.url);
const original = readFileSync(
  join(dirname(require.resolve('@mediapipe/face_detection')), 'face_detection_short_range.tflite'),
);

/** The TFLITE_METADATA buffer's bytes, found by following the flatbuffer from its root. */
function metadataBuffer(model: Buffer): Buffer {
  const u32 = (p: number) => model.readUInt32LE(p);
  const field = (table: number, i: number) => {
    const vt = table - model.readInt32LE(table);
    const off = 4 + 2 * i < model.readUInt16LE(vt) ? model.readUInt16LE(vt + 4 + 2 * i) : 0;
    return off ? table + off : null;
  };
  const vector = (at: number) => {
    const v = at + u32(at);
    return Array.from({ length: u32(v) }, (_, k) => v + 4 + 4 * k + u32(v + 4 + 4 * k));
  };
  const root = u32(0);
  const metas = vector(field(root, 6)!);
  const meta = metas.at(-1)!;
  const name = field(meta, 0)!;
  const s = name + u32(name);
  expect(model.toString('utf8', s + 4, s + 4 + u32(s))).toBe('TFLITE_METADATA');
  const buffer = vector(field(root, 4)!)[u32(field(meta, 1)!)]!;
  const data = field(buffer, 0)!;
  const d = data + u32(data);
  return model.subarray(d + 4, d + 4 + u32(d));
}

describe('TFLite metadata for the face model', () => {
  it('adds a TFLITE_METADATA buffer (a ModelMetadata flatbuffer, "M001") and keeps the model', () => {
    expect(hasTfliteMetadata(original)).toBe(false);
    const meta = imageInputMetadata({
      name: 'face',
      mean: [127.5],
      std: [127.5],
      width: 128,
      height: 128,
    });
    const patched = attachMetadata(original, meta);
    expect(hasTfliteMetadata(patched)).toBe(true);
    expect(patched.toString('latin1', 4, 8)).toBe('TFL3');
    expect(metadataBuffer(patched).equals(meta)).toBe(true);
    expect(meta.toString('latin1', 4, 8)).toBe('M001');
    expect(meta.includes(Buffer.from('face'))).toBe(true);
    // The old content moved up by a multiple of 16 bytes: tensor data stays 16-byte aligned.
    const at = patched.indexOf(original.subarray(8));
    expect(at).toBeGreaterThan(8);
    expect((at - 8) % 16).toBe(0);
    const built = attachMetadata(
      original,
      imageInputMetadata({
        name: 'face_detection_short_range',
        mean: [127.5],
        std: [127.5],
        width: 128,
        height: 128,
      }),
    );
    expect(faceDetectorModel().equals(built)).toBe(true);
  });

  it('refuses a file that is not a TFLite model, or one that already has metadata', () => {
    expect(() => attachMetadata(Buffer.alloc(64), Buffer.alloc(8))).toThrow('Not a TFLite model');
    const once = faceDetectorModel();
    expect(() => attachMetadata(once, Buffer.alloc(8))).toThrow('already has TFLITE_METADATA');
  });
});
