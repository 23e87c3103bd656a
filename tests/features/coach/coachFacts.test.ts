import { beforeEach, describe, expect, it } from 'vitest';
import { db, type SessionRecord } from '../../../src/data/db';
import { analysisRequestSchema } from '../../../src/contracts/coach';
import { choosePattern } from '../../../src/domain/patternChoice';
import { buildSessionRecord } from '../../../src/domain/sessionRecord';
import {
  loadCoachFacts,
  requestHistory,
} from '../../../src/features/coach/coachFacts';

/** A guest's classic box session, 10 of 10 cycles with one paused, built as the app builds it. */
const base: SessionRecord = buildSessionRecord({
  id: '00000000-0000-4000-8000-000000000001',
  breathing: {
    activeMs: 160_000,
    cycleCount: 10,
    targetCycles: 10,
    completed: true,
    interruptedCycles: 1,
  },
  config: {
    mode: 'basic',
    sessionType: 'classic',
    pattern: choosePattern({ urlParam: 'box' }),
    enableCamera: false,
    enableAudio: true,
    enableAI: false,
    targetCycles: 10,
  },
  startEpochMs: Date.parse('2026-11-20T07:57:00.000Z'),
  endEpochMs: Date.parse('2026-11-20T08:00:00.000Z'),
  userId: null,
  vision: null,
});

const at = (n: number, over: Partial<SessionRecord> = {}): SessionRecord => ({
  ...base,
  id: `00000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`,
  createdAt: new Date(Date.parse(base.createdAt) - n * 3_600_000).toISOString(),
  ...over,
});

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

/** The facts the coach is sent about session `r`, stored on this device. */
async function sessionFacts(r: SessionRecord): Promise<Record<string, unknown>> {
  await db.sessions.put(r);
  return (await loadCoachFacts(r.id))!.session;
}

describe('coach facts', () => {
  it('carry only what the session measured: no camera, no camera figures', async () => {
    // A pattern no longer on this device: no timings either.
    const f = await sessionFacts({ ...base, patternId: 'custom:gone', stillnessScore: 80, phaseAccuracy: 70 });
    expect(f).not.toHaveProperty('stillnessScore');
    expect(f).not.toHaveProperty('phaseAccuracy');
    expect(f).not.toHaveProperty('breathHoldTime');
    expect(f).not.toHaveProperty('timings');
    expect(f).toMatchObject({
      patternName: 'Box Breathing',
      cycleCount: 10,
      rhythmConsistency: 90,
      cameraUsed: false,
    });
  });

  it('take the camera’s figures and breathing rate when it measured them (null stays out)', async () => {
    const vision = {
      framesAnalysed: 300,
      averageStillness: 82,
      averageRestlessness: 18,
      faceDetectionRate: 97,
      postureScore: null,
      breathsPerMinute: 4.2,
      targetBreathsPerMinute: 3.75,
      phaseAccuracy: 74,
      rhythmConsistency: 88,
      averageProcessingMs: 6,
    };
    // Box breathing, from the catalogue: 4 s each.
    const f = await sessionFacts({ ...base, cameraUsed: true, stillnessScore: 82, phaseAccuracy: 74, vision });
    expect(f).toMatchObject({
      stillnessScore: 82,
      phaseAccuracy: 74,
      breathingRate: 4.2,
      timings: { inhale: 4, hold_after_exhale: 4 },
    });
    expect(
      await sessionFacts({
        ...base,
        cameraUsed: true,
        stillnessScore: 82,
        vision: { ...vision, breathsPerMinute: null },
      }),
    ).not.toHaveProperty('breathingRate');
  });

  it('load the session, its pattern and the same person’s earlier sessions, in a form the server accepts', async () => {
    await db.sessions.bulkPut([
      base,
      at(1, { qualityScore: 80, breathHoldTime: 30 }),
      at(2),
      at(-1), // later than the session: not history
      at(3, { userId: '11111111-1111-4111-8111-111111111111' }), // someone else's
    ]);
    const facts = (await loadCoachFacts(base.id))!;
    expect(facts.pattern?.name).toBe('Box Breathing');
    expect(facts.session.timings).toEqual({ inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 });
    expect(facts.history.map((h) => h.createdAt)).toEqual([at(1).createdAt, at(2).createdAt]);
    expect(facts.history[0]).toMatchObject({ qualityScore: 80, breathHoldTime: 30 });
    expect(facts.totalSessions).toBe(4);
    const parsed = analysisRequestSchema.safeParse({
      provider: 'openai',
      analysis_type: 'session',
      session_data: {
        session: facts.session,
        history: requestHistory(facts.history),
        totalSessions: facts.totalSessions,
      },
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(await loadCoachFacts('00000000-0000-4000-8000-999999999999')).toBeNull();
  });

  it('send at most the 20 most recent earlier sessions', async () => {
    await db.sessions.bulkPut([base, ...Array.from({ length: 25 }, (_, i) => at(i + 1))]);
    const { history } = (await loadCoachFacts(base.id))!;
    expect(history).toHaveLength(25);
    expect(requestHistory(history)).toHaveLength(20);
    expect(requestHistory(history)[0]!.createdAt).toBe(at(1).createdAt);
  });
});
