import type { SessionFacts } from '../../../src/contracts/coach';
import type { PatternSuggestion } from '../../../src/domain/coach/suggestedPattern';

/** A classic box session as the coach reads it: 10 of 10 cycles, 9 without a pause, no camera. */
export const BOX_SESSION: SessionFacts = {
  patternId: 'box',
  patternName: 'Box Breathing',
  timings: { inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 },
  sessionType: 'classic',
  duration: 160,
  cycleCount: 10,
  targetCycles: 10,
  completed: true,
  rhythmConsistency: 90,
  cameraUsed: false,
  createdAt: '2026-11-20T08:00:00.000Z',
};

/** A valid suggested pattern: inhale 4 s, exhale 6 s. */
export const PATTERN_SUGGESTION: PatternSuggestion = {
  name: 'Fake Calm 4-6',
  description: 'A fake suggestion with a long exhale.',
  phases: [
    { type: 'inhale', duration: 4, instruction: 'In through the nose.' },
    { type: 'exhale', duration: 6, instruction: 'Out slowly.' },
  ],
  reasoning: 'Fake reasoning: a longer exhale suits your steady rhythm.',
  category: 'stress',
  difficulty: 'Beginner',
  benefits: ['Calm'],
};
