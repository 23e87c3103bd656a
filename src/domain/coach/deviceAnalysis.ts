/**
 * The on-device analysis (docs/product.md § AI coaching): scores, suggestions, next steps
 * and encouragement computed by fixed rules from the session's own figures and the user's
 * earlier sessions. It runs when no provider is configured or chosen, offline, or when a
 * provider fails, and is always labelled as on-device. Every score says what it was
 * computed from; a score with nothing to measure is null ("not measured"), never a default.
 * Pure and deterministic: the same session and history always give the same analysis.
 */
import { formatDuration } from '../duration';
import { cycleSeconds, getPattern, timingLabel } from '../patterns';
import { completionPercent, SCORE_WEIGHTS, scoreCap, sessionScore } from '../sessionScoring';
import { sessionsInLastDays, WEEKLY_GOAL_SESSIONS, weeklyGoalProgress } from '../stats';
import type { HistoryFacts, SessionFacts } from './sessionFacts';

export interface ScoreDetail {
  /** 0-100, or null when the session measured nothing this score could use. */
  value: number | null;
  /** How the value was computed, in words, with the figures used. */
  basis: string;
}

export interface DeviceAnalysis {
  source: 'device';
  analysis: string;
  score: {
    overall: ScoreDetail;
    focus: ScoreDetail;
    consistency: ScoreDetail;
    progress: ScoreDetail;
  };
  suggestions: string[];
  nextSteps: string[];
  encouragement: string;
}

interface DeviceAnalysisInput {
  session: SessionFacts;
  /** The same user's earlier sessions (any order; later ones are ignored). */
  history: readonly HistoryFacts[];
}

/** Progress compares with this many recent sessions. */
const RECENT_SESSIONS = 5;
/** A breathing rate more than 15 % away from the pattern's pace is pointed out. */
const RATE_TOLERANCE = 0.15;

const clamp = (v: number) => Math.min(100, Math.max(0, v));
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const oneDecimal = (v: number) => Math.round(v * 10) / 10;

interface Measured {
  completion: number;
  steadyCycles?: number;
  rate?: { measured: number; paced: number; match: number };
  stillness?: number;
  quality?: number;
}

function measure(s: SessionFacts): Measured {
  const m: Measured = { completion: completionPercent(s.cycleCount, s.targetCycles) };
  if (s.rhythmConsistency !== undefined && s.cycleCount > 0)
    m.steadyCycles = Math.round((s.rhythmConsistency / 100) * s.cycleCount);
  const cycle = s.timings ? cycleSeconds(s.timings) : 0;
  if (s.breathingRate !== undefined && cycle > 0) {
    const paced = 60 / cycle;
    m.rate = {
      measured: oneDecimal(s.breathingRate),
      paced: oneDecimal(paced),
      match: Math.round(clamp(100 * (1 - Math.abs(s.breathingRate - paced) / paced))),
    };
  }
  if (s.cameraUsed && s.stillnessScore !== undefined) m.stillness = Math.round(s.stillnessScore);
  m.quality =
    sessionScore({
      completionPercent: m.completion,
      rhythmConsistency: s.rhythmConsistency,
      stillness: m.stillness,
    }) ?? s.qualityScore;
  return m;
}

function consistencyScore(s: SessionFacts, m: Measured): ScoreDetail {
  const parts: { value: number; text: string }[] = [];
  if (s.rhythmConsistency !== undefined && m.steadyCycles !== undefined)
    parts.push({
      value: s.rhythmConsistency,
      text: `${m.steadyCycles} of ${s.cycleCount} cycles without a pause (${Math.round(s.rhythmConsistency)})`,
    });
  if (s.phaseAccuracy !== undefined)
    parts.push({
      value: s.phaseAccuracy,
      text: `breathing in step with the phases ${Math.round(s.phaseAccuracy)}% of the time (camera)`,
    });
  if (m.rate)
    parts.push({
      value: m.rate.match,
      text: `${m.rate.measured} breaths a minute against the pattern's ${m.rate.paced} (${m.rate.match})`,
    });
  if (parts.length === 0)
    return {
      value: null,
      basis: 'Not measured: no full cycle was completed and the camera measured no rhythm.',
    };
  const value = Math.round(clamp(mean(parts.map((p) => p.value))));
  const texts = parts.map((p) => p.text).join('; ');
  return { value, basis: parts.length > 1 ? `The average of: ${texts}.` : `From ${texts}.` };
}

function focusScore(m: Measured): ScoreDetail {
  return m.stillness === undefined
    ? {
        value: null,
        basis:
          'Not measured: focus comes from the camera’s stillness measure, and no camera was used.',
      }
    : {
        value: m.stillness,
        basis: `The camera’s average stillness over the session: ${m.stillness}/100.`,
      };
}

/**
 * The overall score is the session score (../sessionScoring: sessionScore), the one score a
 * session has; here it says what it was computed from.
 */
function overallScore(s: SessionFacts, m: Measured): ScoreDetail {
  if (m.quality === undefined)
    return { value: null, basis: 'Not measured: the session ended before the first full cycle.' };
  const parts: { name: string; value: number; weight: number }[] = [
    { name: 'completion', value: m.completion, weight: SCORE_WEIGHTS.completion },
  ];
  if (s.rhythmConsistency !== undefined && s.cycleCount > 0)
    parts.push({ name: 'rhythm steadiness', value: Math.round(s.rhythmConsistency), weight: SCORE_WEIGHTS.steadiness });
  if (m.stillness !== undefined)
    parts.push({ name: 'stillness', value: m.stillness, weight: SCORE_WEIGHTS.stillness });
  const total = parts.reduce((a, p) => a + p.weight, 0);
  const texts = parts.map((p) => `${p.name} ${p.value} (${Math.round((p.weight / total) * 100)}%)`);
  const cap = scoreCap(m.completion);
  const capped = cap < 100 ? `; ended early, so at most ${cap}` : '';
  return { value: m.quality, basis: `The session score, weighted: ${texts.join(', ')}${capped}.` };
}

function earlierSessions(session: SessionFacts, history: readonly HistoryFacts[]): HistoryFacts[] {
  const at = Date.parse(session.createdAt);
  return history
    .filter((h) => Date.parse(h.createdAt) < at)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

function progressScore(
  s: SessionFacts,
  m: Measured,
  earlier: readonly HistoryFacts[],
): ScoreDetail {
  if (earlier.length === 0)
    return { value: null, basis: 'Your first session on this device: it sets the baseline.' };
  const now = new Date(s.createdAt);
  const week = [...earlier, s];
  const inWeek = sessionsInLastDays(week, now);
  const regularity = weeklyGoalProgress(week, now);
  const texts = [
    `${plural(inWeek, 'session')} in the last 7 days against a goal of ${WEEKLY_GOAL_SESSIONS} (${regularity})`,
  ];
  const values = [regularity];
  const recent = earlier.filter((h) => h.qualityScore !== undefined).slice(0, RECENT_SESSIONS);
  if (m.quality !== undefined && recent.length > 0) {
    const average = Math.round(mean(recent.map((h) => h.qualityScore!)));
    const trend = Math.round(clamp(50 + 2 * (m.quality - average)));
    values.push(trend);
    texts.push(
      `quality ${m.quality} against your recent average of ${average} (${trend}; 50 means level)`,
    );
  }
  const value = Math.round(mean(values));
  return {
    value,
    basis: values.length > 1 ? `The average of: ${texts.join('; ')}.` : `From ${texts[0]}.`,
  };
}

function previousBestHold(earlier: readonly HistoryFacts[]): number | undefined {
  const holds = earlier.map((h) => h.breathHoldTime).filter((v): v is number => v !== undefined);
  return holds.length > 0 ? Math.max(...holds) : undefined;
}

const ORDINAL_SUFFIX = ['th', 'st', 'nd', 'rd'];
function ordinal(n: number): string {
  const v = n % 100;
  return `${n}${ORDINAL_SUFFIX[(v - 20) % 10] ?? ORDINAL_SUFFIX[v] ?? 'th'}`;
}

function summary(
  s: SessionFacts,
  m: Measured,
  earlier: readonly HistoryFacts[],
  newBest: number | undefined,
): string {
  const out = [
    `${s.patternName}: ${s.cycleCount} of ${s.targetCycles} cycles in ${formatDuration(s.duration)}${s.completed ? '' : ', ended early'}.`,
  ];
  if (m.steadyCycles !== undefined)
    out.push(`${m.steadyCycles} of ${s.cycleCount} cycles went without a pause.`);
  if (m.stillness !== undefined) {
    const rate = m.rate
      ? ` and about ${m.rate.measured} breaths a minute (the pattern paces ${m.rate.paced})`
      : '';
    out.push(`The camera measured stillness ${m.stillness}/100${rate}.`);
  } else out.push('No camera was used, so stillness was not measured.');
  if (earlier.length === 0) out.push('This is your first session on this device.');
  else {
    const inWeek = sessionsInLastDays([...earlier, s], new Date(s.createdAt));
    out.push(
      `It is your ${ordinal(earlier.length + 1)} session here, ${plural(inWeek, 'session')} in the last 7 days.`,
    );
  }
  if (newBest !== undefined)
    out.push(`Your breath hold of ${s.breathHoldTime} s is a new best (before: ${newBest} s).`);
  return out.join(' ');
}

function isSteady(s: SessionFacts, m: Measured, consistency: ScoreDetail): boolean {
  return (
    s.completed &&
    m.completion >= 100 &&
    (consistency.value === null || consistency.value >= 90) &&
    (m.stillness === undefined || m.stillness >= 80)
  );
}

/** The gentlest built-in pattern without holds, named as the catalogue names it. */
function withoutHolds(): string {
  const p = getPattern('mindfulness');
  return p ? `${p.name} (${timingLabel(p)})` : 'a pattern without holds';
}

function suggestionsFor(s: SessionFacts, m: Measured, steady: boolean): string[] {
  const out: string[] = [];
  const holds = s.timings ? s.timings.hold + s.timings.hold_after_exhale : 0;
  if (m.completion < 100)
    out.push(
      `You finished ${s.cycleCount} of ${s.targetCycles} cycles. ${
        holds > 0
          ? `If the holds felt long, a pattern without holds, such as ${withoutHolds()}, is gentler.`
          : `Next time, try to stay for all ${s.targetCycles}; a few more cycles deepen the calm.`
      }`,
    );
  if (m.steadyCycles !== undefined && m.steadyCycles < s.cycleCount)
    out.push(
      `You paused during ${plural(s.cycleCount - m.steadyCycles, 'cycle')} of ${s.cycleCount}. A quiet place and notifications turned off help you breathe straight through.`,
    );
  if (m.stillness !== undefined && m.stillness < 50)
    out.push(
      `The camera saw a lot of movement (stillness ${m.stillness}/100). Sit with your back supported and your hands resting, and let the body grow heavy.`,
    );
  else if (m.stillness !== undefined && m.stillness < 80)
    out.push(
      `Stillness was ${m.stillness}/100. Before you start, settle your shoulders and jaw; small movements add up.`,
    );
  if (m.rate && Math.abs(m.rate.measured - m.rate.paced) > RATE_TOLERANCE * m.rate.paced)
    out.push(
      m.rate.measured > m.rate.paced
        ? `You breathed about ${m.rate.measured} times a minute; the pattern paces ${m.rate.paced}. Slow down and let each exhale fill its whole count.`
        : `You breathed about ${m.rate.measured} times a minute, slower than the pattern's ${m.rate.paced}. Follow the guide's count rather than stretching each breath.`,
    );
  if (s.phaseAccuracy !== undefined && s.phaseAccuracy < 70)
    out.push(
      `Your breathing matched the guide's phases ${Math.round(s.phaseAccuracy)}% of the time. Breathe in as the guide grows and out as it shrinks.`,
    );
  if (out.length === 0)
    out.push(
      steady
        ? 'Everything was steady. You are ready for a small step up, such as a one-second longer exhale.'
        : 'Keep this pattern for a few sessions and let the rhythm become familiar.',
    );
  return out.slice(0, 4);
}

function nextStepsFor(
  s: SessionFacts,
  m: Measured,
  steady: boolean,
  earlier: readonly HistoryFacts[],
): string[] {
  const out: string[] = [];
  if (m.completion < 100)
    out.push(`Repeat ${s.patternName} and aim for all ${s.targetCycles} cycles.`);
  else if (steady) out.push(`Try ${s.patternName} with a one-second longer exhale next time.`);
  else if (m.steadyCycles !== undefined && m.steadyCycles < s.cycleCount)
    out.push(`Repeat ${s.patternName} until every cycle goes without a pause.`);
  else if (m.stillness !== undefined && m.stillness < 80)
    out.push(`Repeat ${s.patternName} with the camera and aim for stillness above 80.`);
  else out.push(`Repeat ${s.patternName} and follow the guide's count closely.`);
  const inWeek = sessionsInLastDays([...earlier, s], new Date(s.createdAt));
  out.push(
    inWeek >= WEEKLY_GOAL_SESSIONS
      ? `You reached the weekly goal of ${WEEKLY_GOAL_SESSIONS} sessions in 7 days. Keep the daily rhythm.`
      : `Practice again tomorrow: ${plural(inWeek, 'session')} in the last 7 days so far, and one a day reaches the weekly goal.`,
  );
  if (!s.cameraUsed)
    out.push('An Enhanced session with the camera adds stillness to this analysis.');
  return out.slice(0, 3);
}

function encouragementFor(overall: number | null, newBest: boolean): string {
  if (newBest) return 'A new personal best hold. Well done.';
  if (overall === null)
    return 'Every practice starts with a first breath. Come back when you have a few quiet minutes.';
  if (overall >= 80) return 'A steady, complete session. Your practice is paying off.';
  if (overall >= 60) return 'Good work: you kept the rhythm for most of the session.';
  return 'You showed up and breathed. That is how the habit starts.';
}

/** The on-device analysis of one session. */
export function analyseOnDevice({ session, history }: DeviceAnalysisInput): DeviceAnalysis {
  const m = measure(session);
  const earlier = earlierSessions(session, history);
  const consistency = consistencyScore(session, m);
  const focus = focusScore(m);
  const overall = overallScore(session, m);
  const progress = progressScore(session, m, earlier);
  const best = previousBestHold(earlier);
  const newBest =
    session.breathHoldTime !== undefined && best !== undefined && session.breathHoldTime > best
      ? best
      : undefined;
  const steady = isSteady(session, m, consistency);
  return {
    source: 'device',
    analysis: summary(session, m, earlier, newBest),
    score: { overall, focus, consistency, progress },
    suggestions: suggestionsFor(session, m, steady),
    nextSteps: nextStepsFor(session, m, steady, earlier),
    encouragement: encouragementFor(overall.value, newBest !== undefined),
  };
}
