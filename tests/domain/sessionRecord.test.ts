import { describe, expect, it } from 'vitest';
import { choosePattern, sessionConfigFor } from '../../src/domain/patternChoice';
import { buildSessionRecord, type SessionRecordFacts } from '../../src/domain/sessionRecord';
import { addVisionSample, emptyVisionSummary } from '../../src/domain/visionSummary';

const config = sessionConfigFor('classic', choosePattern({ urlParam: 'box' }));
const breathing = {
  activeMs: 160_400,
  cycleCount: 10,
  targetCycles: 10,
  completed: true,
  interruptedCycles: 1,
};
const facts: SessionRecordFacts = {
  id: 'id-1',
  breathing,
  config,
  startEpochMs: 1000,
  endEpochMs: 200_000,
  userId: null,
  vision: null,
};
const record = buildSessionRecord(facts);

describe('buildSessionRecord', () => {
  it('keeps only measured figures', () => {
    expect(record).toMatchObject({
      id: 'id-1',
      userId: null,
      patternId: 'box',
      patternName: 'Box Breathing',
      sessionType: 'classic',
      startTime: 1000,
      endTime: 200_000,
      duration: 160,
      cycleCount: 10,
      targetCycles: 10,
      completed: true,
      rhythmConsistency: 90,
      qualityScore: 95,
      cameraUsed: false,
      aiUsed: false,
      syncState: 'guest',
      attempts: 0,
      createdAt: new Date(200_000).toISOString(),
    });
    expect(record).not.toHaveProperty('breathHoldTime');
    expect(record).not.toHaveProperty('stillnessScore');
    expect(record).not.toHaveProperty('restlessnessScore');
  });

  it('records the longest hold in seconds, pending sync for a signed-in user', () => {
    const r = buildSessionRecord({
      ...facts,
      breathing: { ...breathing, longestHoldMs: 52_340 },
      userId: 'u1',
    });
    expect(r.breathHoldTime).toBe(52.3);
    expect(r.syncState).toBe('pending');
    expect(r.userId).toBe('u1');
  });

  it('a session stopped before any cycle has no quality score at all', () => {
    const r = buildSessionRecord({
      ...facts,
      breathing: {
        ...breathing,
        activeMs: 3000,
        cycleCount: 0,
        completed: false,
        interruptedCycles: 0,
      },
    });
    expect(r).not.toHaveProperty('qualityScore');
    expect(r).not.toHaveProperty('rhythmConsistency');
    expect(r.duration).toBe(3);
  });

  it('a camera that measured nothing leaves the record camera-free', () => {
    const r = buildSessionRecord({ ...facts, vision: emptyVisionSummary() });
    expect(r.cameraUsed).toBe(false);
    expect(r).not.toHaveProperty('stillnessScore');
    expect(r.qualityScore).toBe(95);
  });

  it('with camera samples: averaged stillness and restlessness, quality from stillness and steadiness', () => {
    const vision = [70, 80].reduce(
      (v, stillness) =>
        addVisionSample(v, {
          stillness,
          restlessnessScore: 100 - stillness,
          movementLevel: 100 - stillness,
          presence: 100,
          posture: 90,
          faceChecked: true,
          faceDetected: true,
          confidence: 1,
          breathSignal: null,
          breathsPerMinute: null,
          processingTimeMs: 10,
          capturedAt: 0,
          source: 'device',
        }),
      emptyVisionSummary(),
    );
    const r = buildSessionRecord({ ...facts, vision, visionSessionId: 'vision-1' });
    expect(r).toMatchObject({
      cameraUsed: true,
      stillnessScore: 75,
      restlessnessScore: 25,
      rhythmConsistency: 90,
      qualityScore: 90, // the session score: 0.4 x 100 + 0.35 x 90 + 0.25 x 75 = 90.25
      visionSessionId: 'vision-1',
      visionSyncState: r.syncState,
      vision: {
        framesAnalysed: 2,
        averageStillness: 75,
        faceDetectionRate: 100,
        postureScore: 90,
        breathsPerMinute: null, // no chest signal: not measured
        phaseAccuracy: null,
        rhythmConsistency: null,
      },
    });
    expect(r).not.toHaveProperty('phaseAccuracy');
  });
});
