import { describe, expect, it } from 'vitest';
import { combinedScore } from '../../../src/domain/coach/combinedScore';
import {
  AI_CLIENT_WAIT_MS,
  aiRetryDelayMs,
  isAiProvider,
} from '../../../src/domain/coach/constants';
import {
  analysisRequestSchema,
  normalizeAnalysisRequest,
  PATTERN_OUTPUT_JSON_SCHEMA,
  patternOutputSchema,
  SESSION_OUTPUT_JSON_SCHEMA,
  sessionOutputSchema,
} from '../../../src/contracts/coach';
import { BOX_SESSION, PATTERN_SUGGESTION } from './fixtures';

const session = BOX_SESSION;

describe('AI contract', () => {
  it('reads both request forms', () => {
    const data = { session, history: [], totalSessions: 1 };
    const snake = { provider: 'openai', analysis_type: 'session', session_data: data };
    const camel = { provider: 'openai', analysisType: 'session', sessionData: data };
    expect(analysisRequestSchema.parse(normalizeAnalysisRequest(camel))).toEqual(
      analysisRequestSchema.parse(snake),
    );
    expect(normalizeAnalysisRequest(null)).toBeNull();
    expect(normalizeAnalysisRequest([1])).toEqual([1]);
  });

  it('names what is wrong in a request', () => {
    const r = analysisRequestSchema.safeParse({
      provider: 'openai',
      analysis_type: 'session',
      session_data: {
        session: { ...session, createdAt: 'yesterday' },
        history: [],
        totalSessions: 1,
      },
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['session_data', 'session', 'createdAt']);
  });

  it('keeps the JSON Schema given to providers in step with the zod rules', () => {
    expect(Object.keys(SESSION_OUTPUT_JSON_SCHEMA.properties).sort()).toEqual(
      Object.keys(sessionOutputSchema.shape).sort(),
    );
    expect([...SESSION_OUTPUT_JSON_SCHEMA.required].sort()).toEqual(
      Object.keys(sessionOutputSchema.shape).sort(),
    );
    const patternKeys = Object.keys(PATTERN_OUTPUT_JSON_SCHEMA.properties).sort();
    expect([...PATTERN_OUTPUT_JSON_SCHEMA.required].sort()).toEqual(patternKeys);
    expect(patternOutputSchema.safeParse(PATTERN_SUGGESTION).success).toBe(true);
  });

  it('refuses provider output outside the bounds', () => {
    const ok = {
      analysis: 'A',
      score: { overall: 50, focus: 50, consistency: 50, progress: 50 },
      suggestions: ['S'],
      nextSteps: ['N'],
      encouragement: 'E',
    };
    expect(sessionOutputSchema.safeParse(ok).success).toBe(true);
    for (const bad of [
      { ...ok, score: { ...ok.score, overall: 101 } },
      { ...ok, score: { ...ok.score, focus: 70.5 } },
      { ...ok, suggestions: [] },
      { ...ok, nextSteps: Array(6).fill('N') },
      { ...ok, encouragement: '   ' },
      { ...ok, extra: 1 },
    ])
      expect(sessionOutputSchema.safeParse(bad).success).toBe(false);
  });
});

describe('AI constants', () => {
  it('waits on the app side for every server attempt and back-off', () => {
    expect([1, 2, 3].map(aiRetryDelayMs)).toEqual([1000, 2000, 4000]);
    expect(AI_CLIENT_WAIT_MS).toBe(4 * 30_000 + 7_000 + 10_000);
    expect(isAiProvider('google')).toBe(true);
    expect(isAiProvider('mistral')).toBe(false);
  });
});

describe('combined score', () => {
  it('is 70 % AI plus 30 % stillness when stillness was measured', () => {
    expect(combinedScore(80, 50)).toEqual({ value: 71, stillnessMeasured: true });
    expect(combinedScore(64, 90)).toEqual({ value: 72, stillnessMeasured: true });
  });
  it('is the AI score alone, and says so, without stillness', () => {
    expect(combinedScore(64)).toEqual({ value: 64, stillnessMeasured: false });
    expect(combinedScore(64, Number.NaN)).toEqual({ value: 64, stillnessMeasured: false });
  });
});
