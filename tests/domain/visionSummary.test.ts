import { describe, expect, it } from 'vitest';
import {
  addVisionSample,
  emptyVisionSummary,
  visionAverages,
  type VisionMetrics,
} from '../../src/domain/visionSummary';

const sample = (over: Partial<VisionMetrics> = {}): VisionMetrics => ({
  stillness: 80,
  presence: 100,
  posture: 70,
  restlessnessScore: 20,
  faceDetected: true,
  confidence: 0.9,
  processingTimeMs: 15,
  source: 'device',
  ...over,
});

describe('vision summary', () => {
  it('has no averages without a sample', () => {
    expect(visionAverages(emptyVisionSummary())).toBeUndefined();
  });

  it('averages stillness, restlessness and posture, and the share of frames with a face', () => {
    let v = emptyVisionSummary();
    v = addVisionSample(v, sample());
    v = addVisionSample(v, sample({ stillness: 91, restlessnessScore: 9, posture: 75 }));
    v = addVisionSample(v, sample({ stillness: 60, faceDetected: false }));
    expect(v.samples).toBe(3);
    expect(visionAverages(v)).toEqual({
      averageStillness: 77,
      averageRestlessness: 16,
      postureScore: 72,
      faceDetectionRate: 67,
    });
  });

  it('clamps scores to 0-100 and leaves out a sample that is not a number', () => {
    let v = emptyVisionSummary();
    v = addVisionSample(v, sample({ stillness: 140, restlessnessScore: -5 }));
    v = addVisionSample(v, sample({ stillness: Number.NaN }));
    expect(v.samples).toBe(1);
    expect(visionAverages(v)).toMatchObject({ averageStillness: 100, averageRestlessness: 0 });
  });
});
