/**
 * The built-in programs (docs/product.md § Programs): one place, pure data built by small
 * helpers. Timings and their sources are next to each program.
 */
import { getPattern } from '../patterns';
import {
  PROGRAM_FORMAT_VERSION,
  type PhaseTiming,
  type Program,
  type ProgramDefinition,
  type Segment,
} from './programTypes';

const APNEA_SAFETY =
  'Breath-hold training only sitting or lying down, on dry land, never in or near water, never while driving. Stop at any sign of dizziness or tingling. Tap anywhere to end a hold early. Not for pregnancy, epilepsy, heart conditions or high blood pressure without your doctor.';
const WIM_HOF_SAFETY =
  'Sit or lie down; never practice in or near water or while driving, standing or walking. Light-headedness and tingling are common; if you feel unwell, stop and breathe normally. Tap anywhere to end the retention.';

/** Hold tables: eight holds with rests between (AIDA-style static apnea training, dry). */
function apneaTable(holdsS: number[], restsS: number[]): Segment[] {
  const out: Segment[] = [];
  holdsS.forEach((h, i) => {
    out.push({ kind: 'rest', label: `Breathe ${i + 1} of ${holdsS.length}`, seconds: restsS[i]! });
    out.push({
      kind: 'hold',
      label: `Hold ${i + 1} of ${holdsS.length}`,
      lungs: 'full',
      seconds: h,
      endsOnTap: true,
    });
  });
  return out;
}

const range = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));

const wim = getPattern('wim_hof')!;
const WIM_BREATH: PhaseTiming[] = [
  { phase: 'inhale', seconds: wim.inhale },
  { phase: 'exhale', seconds: wim.exhale },
];

/** Rounds and breaths a Wim Hof program may be set to before it starts. */
export const WIM_HOF_LIMITS = Object.freeze({
  roundsMin: 1,
  roundsMax: 10,
  breathsMin: 3,
  breathsMax: 60,
});

function wimHofRounds(rounds: number, breaths: number): Segment[] {
  const out: Segment[] = [];
  for (let r = 1; r <= rounds; r++) {
    out.push({
      kind: 'breathe',
      label: `Round ${r}: ${breaths} breaths`,
      phases: WIM_BREATH,
      cycles: breaths,
    });
    out.push({ kind: 'retention', label: `Round ${r}: retention` });
    out.push({
      kind: 'hold',
      label: `Round ${r}: recovery breath`,
      lungs: 'full',
      seconds: 15,
      endsOnTap: false,
    });
  }
  return out;
}

/** 60 / 5.5 s per breath, split evenly, in whole ms: 5455 + 5454 = 10909 ms (5.5 breaths/min to 0.01 %). */
const RESONANCE_5_5: PhaseTiming[] = [
  { phase: 'inhale', seconds: 5.455 },
  { phase: 'exhale', seconds: 5.454 },
];

const definitions: Record<string, ProgramDefinition> = {
  'box-rising': {
    version: PROGRAM_FORMAT_VERSION,
    name: 'Rising Box',
    description:
      'Box breathing that lengthens as you go: 4-4-4-4, each phase half a second longer every 3 cycles, up to 6-6-6-6, then 6 cycles at 6-6-6-6.',
    category: 'progressive',
    segments: [
      {
        kind: 'breathe',
        label: 'Rising from 4-4-4-4 to 6-6-6-6',
        phases: [
          { phase: 'inhale', seconds: 4 },
          { phase: 'hold', seconds: 4 },
          { phase: 'exhale', seconds: 4 },
          { phase: 'pause', seconds: 4 },
        ],
        // 4 + 0.5 * floor(c / 3): 6 s from cycle 12; 18 cycles in all.
        cycles: 18,
        ramp: { everyCycles: 3, stepSeconds: 0.5, maxSeconds: 6 },
      },
    ],
  },
  'co2-table': {
    version: PROGRAM_FORMAT_VERSION,
    name: 'CO2 Table',
    description:
      'Eight 1-minute holds on full lungs; the breathing time between them shrinks from 2 minutes to 15 seconds. Trains tolerance of carbon dioxide.',
    category: 'apnea',
    safetyNote: APNEA_SAFETY,
    segments: apneaTable(
      range(8, () => 60),
      range(8, (i) => 120 - 15 * i),
    ),
  },
  'o2-table': {
    version: PROGRAM_FORMAT_VERSION,
    name: 'O2 Table',
    description:
      'Eight holds on full lungs growing from 1 minute by 15 seconds each, with 2 minutes of breathing between them. Trains tolerance of low oxygen.',
    category: 'apnea',
    safetyNote: APNEA_SAFETY,
    segments: apneaTable(
      range(8, (i) => 60 + 15 * i),
      range(8, () => 120),
    ),
  },
  'wim-hof': {
    version: PROGRAM_FORMAT_VERSION,
    name: 'Wim Hof Rounds',
    description:
      'Three rounds of 30 deep breaths, each followed by a breath hold on empty lungs for as long as is comfortable (a stopwatch times it) and a 15-second recovery breath held on full lungs.',
    category: 'wim_hof',
    safetyNote: WIM_HOF_SAFETY,
    segments: wimHofRounds(3, 30),
  },
  'physiological-sigh': {
    version: PROGRAM_FORMAT_VERSION,
    name: 'Cyclic Sighing',
    description:
      'Five minutes of physiological sighs: a full inhale through the nose, a short second inhale to top up the lungs, then a long, slow exhale.',
    category: 'calm',
    // Balban et al., 2023, Cell Rep. Med. 4(1):100895: 5 minutes a day of cyclic sighing
    // improved mood and lowered respiratory rate more than mindfulness meditation.
    segments: [
      {
        kind: 'breathe',
        label: 'Double inhale, long exhale',
        phases: [
          { phase: 'inhale', seconds: 2 },
          { phase: 'topup', seconds: 1 },
          { phase: 'exhale', seconds: 6 },
        ],
        seconds: 300,
      },
    ],
  },
  'breath-4-7-11': {
    version: PROGRAM_FORMAT_VERSION,
    name: '4-7-11',
    description: 'Breathe in for 4 and out for 7, for 11 minutes: a long exhale to settle.',
    category: 'calm',
    segments: [
      {
        kind: 'breathe',
        label: 'In 4, out 7',
        phases: [
          { phase: 'inhale', seconds: 4 },
          { phase: 'exhale', seconds: 7 },
        ],
        seconds: 660,
      },
    ],
  },
  'resonance-5-5': {
    version: PROGRAM_FORMAT_VERSION,
    name: 'Resonance 5.5',
    description: 'Ten minutes at 5.5 breaths a minute, in and out evenly (about 5.5 s each).',
    category: 'calm',
    // 5.5 breaths/min: the resonance frequency of many adults (Lehrer & Gevirtz, 2014,
    // Front. Psychol. 5:756; Vaschillo et al., 2006).
    segments: [
      { kind: 'breathe', label: '5.5 breaths a minute', phases: RESONANCE_5_5, seconds: 600 },
    ],
  },
};

export const BUILT_IN_PROGRAMS: readonly Program[] = Object.freeze(
  Object.entries(definitions).map(([id, d]) => Object.freeze({ ...d, id, builtIn: true })),
);

/**
 * The Wim Hof program with the rounds and breaths a person chose (clamped to
 * WIM_HOF_LIMITS, whole numbers): the same id, so history groups them together.
 */
export function wimHofProgram(rounds: number, breaths: number): Program {
  const clamp = (v: number, lo: number, hi: number) =>
    Math.min(hi, Math.max(lo, Math.round(v) || lo));
  const r = clamp(rounds, WIM_HOF_LIMITS.roundsMin, WIM_HOF_LIMITS.roundsMax);
  const b = clamp(breaths, WIM_HOF_LIMITS.breathsMin, WIM_HOF_LIMITS.breathsMax);
  const base = definitions['wim-hof']!;
  return {
    ...base,
    id: 'wim-hof',
    builtIn: true,
    description: `${r} ${r === 1 ? 'round' : 'rounds'} of ${b} deep breaths, each followed by a breath hold on empty lungs for as long as is comfortable (a stopwatch times it) and a 15-second recovery breath held on full lungs.`,
    segments: wimHofRounds(r, b),
  };
}

const byId = new Map(BUILT_IN_PROGRAMS.map((p) => [p.id, p]));

export function getBuiltInProgram(id: string | null | undefined): Program | undefined {
  return id == null ? undefined : byId.get(id);
}
