import type {
  HistoryFacts,
  PatternData,
  SessionData,
  SessionFacts,
} from '../../src/contracts/coach';
import { PATTERN_LIMITS } from '../../src/domain/patternSchema';

/**
 * The words sent to a provider. Only the figures the app measured go in (no name, email
 * or camera image); the model is told which figures are missing so it does not invent them.
 */

const COACH =
  'You are a calm, precise breathing coach inside the Pneuma breathing app. ' +
  'Base every statement on the figures given; never invent a measurement. ' +
  'If a figure is missing it was not measured: say so rather than guess. ' +
  'Write in plain, warm English, second person, no medical claims.';

export const SESSION_SYSTEM =
  `${COACH} Analyse one practice session. Scores are integers 0-100: ` +
  'overall (the session as a whole), focus (attention and stillness; use the camera stillness when given, ' +
  'otherwise judge from completion and pauses and say it is an estimate), consistency (how even the rhythm was), ' +
  'progress (compared with the earlier sessions; 50 when there is no history).';

export const PATTERN_SYSTEM =
  `${COACH} Suggest one breathing pattern for this person's next session. ` +
  `Phases in seconds: inhale and exhale from ${PATTERN_LIMITS.breathMin} to ${PATTERN_LIMITS.phaseMax}, ` +
  `holds from 0 to ${PATTERN_LIMITS.phaseMax}, at most two decimals; each phase type at most once. ` +
  'Explain the choice in the reasoning with their figures.';

const orNot = (v: number | undefined, unit = '') =>
  v === undefined ? 'not measured' : `${v}${unit}`;

function describeSession(s: SessionFacts): string {
  const t = s.timings;
  return [
    `Pattern: ${s.patternName}${t ? ` (inhale ${t.inhale} s, hold ${t.hold} s, exhale ${t.exhale} s, hold after exhale ${t.hold_after_exhale} s)` : ''}.`,
    `Mode: ${s.sessionType}. When: ${s.createdAt}.`,
    `Cycles: ${s.cycleCount} of ${s.targetCycles} (${s.completed ? 'completed' : 'ended early'}). Practice time: ${s.duration} s, pauses excluded.`,
    `Share of cycles breathed without pausing: ${orNot(s.rhythmConsistency, ' %')}.`,
    `Longest breath hold: ${orNot(s.breathHoldTime, ' s')}.`,
    `Camera used: ${s.cameraUsed ? 'yes' : 'no'}. Stillness: ${orNot(s.stillnessScore, '/100')}. ` +
      `Phase accuracy: ${orNot(s.phaseAccuracy, ' %')}. Breathing rate: ${orNot(s.breathingRate, ' breaths/min')}.`,
    `Quality score computed by the app: ${orNot(s.qualityScore, '/100')}.`,
  ].join('\n');
}

function describeHistory(history: readonly HistoryFacts[], total: number): string {
  if (history.length === 0) return 'Earlier sessions: none; this is the first.';
  const lines = history.map(
    (h) =>
      `- ${h.createdAt}: ${h.patternName}, ${h.cycleCount}/${h.targetCycles} cycles, ${h.duration} s, ` +
      `${h.completed ? 'completed' : 'ended early'}, quality ${orNot(h.qualityScore)}, stillness ${orNot(h.stillnessScore)}, ` +
      `breath hold ${orNot(h.breathHoldTime, ' s')}`,
  );
  return [
    `Sessions in all, this one included: ${total}. The most recent earlier sessions:`,
    ...lines,
  ].join('\n');
}

export function sessionPrompt(d: SessionData): string {
  return `This session:\n${describeSession(d.session)}\n\n${describeHistory(d.history, d.totalSessions)}`;
}

export function patternPrompt(d: PatternData): string {
  return [
    d.goal ? `Their goal: ${d.goal}.` : 'They named no goal.',
    d.session
      ? `Their latest session:\n${describeSession(d.session)}`
      : 'No latest session was given.',
    describeHistory(d.history, d.totalSessions),
  ].join('\n\n');
}
