import { describe, expect, it } from 'vitest';
import {
  addVisionSample,
  emptyVisionSummary,
  visionFigures,
  type VisionMetrics,
} from '../../src/domain/visionSummary';

const sample = (over: Partial<VisionMetrics> = {}): VisionMetrics => ({
  stillness: 80,
  restlessnessScore: 20,
  movementLevel: 20,
  presence: 100,
  posture: 70,
  faceChecked: true,
  faceDetected: true,
  confidence: 0.9,
  breathSignal: null,
  breathsPerMinute: null,
  processingTimeMs: 15,
  capturedAt: 0,
  source: 'device',
  ...over,
});

describe('vision summary', () => {
  it("carries the camera pulse's readings into the figures, each once (none: no heart-rate figure)", () => {
    const reading = { measured: true as const, bpm: 66, snrDb: 4, frameRate: 20 };
    let v = emptyVisionSummary();
    v = addVisionSample(v, sample());
    expect(visionFigures(v, 16)!.heartRate).toBeUndefined();
    v = addVisionSample(v, sample({ pulse: { at: 2000, reading } }));
    v = addVisionSample(v, sample({ pulse: { at: 2000, reading } }));
    v = addVisionSample(v, sample({ pulse: { at: 4000, reading: { ...reading, bpm: 70 } } }));
    expect(visionFigures(v, 16)!.heartRate).toEqual({ bpm: 68, readings: 2, reason: null });
  });

  it('has no figures without a sample', () => {
    expect(visionFigures(emptyVisionSummary(), 16)).toBeUndefined();
  });

  it('averages stillness and restlessness over every frame, posture over frames with a face', () => {
    let v = emptyVisionSummary();
    v = addVisionSample(v, sample());
    v = addVisionSample(v, sample({ stillness: 91, restlessnessScore: 9, posture: 75 }));
    v = addVisionSample(v, sample({ stillness: 60, faceDetected: false, posture: null }));
    expect(v.samples).toBe(3);
    expect(visionFigures(v, 16)).toEqual({
      framesAnalysed: 3,
      averageStillness: 77,
      averageRestlessness: 16,
      faceDetectionRate: 67,
      postureScore: 73,
      breathsPerMinute: null,
      targetBreathsPerMinute: 3.8,
      phaseAccuracy: null,
      rhythmConsistency: null,
      averageProcessingMs: 15,
    });
  });

  it('says posture was not measured when no face was ever seen', () => {
    let v = emptyVisionSummary();
    v = addVisionSample(v, sample({ faceDetected: false, posture: null }));
    expect(visionFigures(v, 10)).toMatchObject({ faceDetectionRate: 0, postureScore: null });
  });

  it('clamps scores to 0-100 and leaves out a sample that is not a number', () => {
    let v = emptyVisionSummary();
    v = addVisionSample(v, sample({ stillness: 140, restlessnessScore: -5 }));
    v = addVisionSample(v, sample({ stillness: Number.NaN }));
    expect(v.samples).toBe(1);
    expect(visionFigures(v, 16)).toMatchObject({ averageStillness: 100, averageRestlessness: 0 });
  });

  it('measures the breathing rate, phase accuracy and rhythm from the chest signal and the guide', () => {
    // 10 breaths a minute practised with a 6 s cycle (3 s in, 3 s out), the chest following it.
    let v = emptyVisionSummary();
    for (let t = 0; t <= 60_000; t += 500) {
      const phase = (t % 6000) / 6000;
      const guide = phase < 0.5 ? phase * 2 : 2 - phase * 2;
      v = addVisionSample(v, sample({ capturedAt: t, breathSignal: -2 * guide }), guide);
    }
    const f = visionFigures(v, 6)!;
    expect(f.breathsPerMinute).toBeCloseTo(10, 0);
    expect(f.targetBreathsPerMinute).toBe(10);
    expect(f.phaseAccuracy).toBeGreaterThan(90);
    expect(f.rhythmConsistency).toBeGreaterThan(90);
  });

  it('a chest moving against the guide scores low phase accuracy', () => {
    let v = emptyVisionSummary();
    for (let t = 0; t <= 60_000; t += 500) {
      const phase = (t % 6000) / 6000;
      const guide = phase < 0.5 ? phase * 2 : 2 - phase * 2;
      v = addVisionSample(v, sample({ capturedAt: t, breathSignal: 2 * guide }), guide);
    }
    expect(visionFigures(v, 6)!.phaseAccuracy).toBeLessThan(20);
  });
});

describe('vision summary without a face detector', () => {
  it('says face presence and posture were not measured', () => {
    const v = addVisionSample(
      emptyVisionSummary(),
      sample({ faceChecked: false, faceDetected: false, posture: null }),
    );
    expect(visionFigures(v, 16)).toMatchObject({
      faceDetectionRate: null,
      postureScore: null,
      averageStillness: 80,
    });
  });
});
