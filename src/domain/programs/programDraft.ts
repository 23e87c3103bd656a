/**
 * The /create program builder's form as typed (every input is text) and its reading into
 * a program for the one schema (./programSchema). Pure.
 */
import type { BreathPhase, ProgramCategory } from './programTypes';

interface BreatheDraft {
  kind: 'breathe';
  label: string;
  /** Seconds per phase as typed; empty or 0 leaves the phase out. */
  inhale: string;
  topup: string;
  hold: string;
  exhale: string;
  pause: string;
  lengthKind: 'cycles' | 'seconds';
  length: string;
  /** Optional rise: seconds added to each phase every `rampEvery` cycles, up to `rampMax`. */
  rampStep: string;
  rampEvery: string;
  rampMax: string;
}
interface HoldDraft {
  kind: 'hold';
  label: string;
  seconds: string;
  lungs: 'full' | 'empty';
  endsOnTap: boolean;
}
interface RetentionDraft {
  kind: 'retention';
  label: string;
}
interface RestDraft {
  kind: 'rest';
  label: string;
  seconds: string;
}
export type SegmentDraft = BreatheDraft | HoldDraft | RetentionDraft | RestDraft;

export interface ProgramDraft {
  name: string;
  description: string;
  category: ProgramCategory;
  safetyNote: string;
  segments: SegmentDraft[];
}

export function newSegmentDraft(kind: SegmentDraft['kind']): SegmentDraft {
  switch (kind) {
    case 'breathe':
      return {
        kind,
        label: '',
        inhale: '4',
        topup: '',
        hold: '4',
        exhale: '4',
        pause: '4',
        lengthKind: 'cycles',
        length: '10',
        rampStep: '',
        rampEvery: '3',
        rampMax: '6',
      };
    case 'hold':
      return { kind, label: '', seconds: '30', lungs: 'full', endsOnTap: true };
    case 'retention':
      return { kind, label: '' };
    case 'rest':
      return { kind, label: '', seconds: '60' };
  }
}

export const emptyProgramDraft = (): ProgramDraft => ({
  name: '',
  description: '',
  category: 'progressive',
  safetyNote: '',
  segments: [newSegmentDraft('breathe')],
});

/** A typed number: '4', '4.5', '4,5'; empty is undefined; anything else NaN (the schema names it). */
function num(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '') return undefined;
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}

const PHASE_ORDER: BreathPhase[] = ['inhale', 'topup', 'hold', 'exhale', 'pause'];

const withLabel = (label: string) => (label.trim() ? { label: label.trim() } : {});

/** The draft as the schema's input (numbers, optional parts left out). */
export function draftToProgramInput(d: ProgramDraft): unknown {
  return {
    version: 1,
    name: d.name,
    description: d.description,
    category: d.category,
    ...(d.safetyNote.trim() ? { safetyNote: d.safetyNote } : {}),
    segments: d.segments.map((s) => {
      switch (s.kind) {
        case 'breathe': {
          const phases = PHASE_ORDER.flatMap((phase) => {
            const v = num(s[phase]);
            return v === undefined || v === 0 ? [] : [{ phase, seconds: v }];
          });
          const length = num(s.length);
          const step = num(s.rampStep);
          return {
            kind: 'breathe',
            ...withLabel(s.label),
            phases,
            ...(s.lengthKind === 'cycles' ? { cycles: length } : { seconds: length }),
            ...(step !== undefined && step !== 0
              ? {
                  ramp: {
                    stepSeconds: step,
                    everyCycles: num(s.rampEvery),
                    maxSeconds: num(s.rampMax),
                  },
                }
              : {}),
          };
        }
        case 'hold':
          return {
            kind: 'hold',
            ...withLabel(s.label),
            seconds: num(s.seconds),
            lungs: s.lungs,
            endsOnTap: s.endsOnTap,
          };
        case 'retention':
          return { kind: 'retention', ...withLabel(s.label) };
        case 'rest':
          return { kind: 'rest', ...withLabel(s.label), seconds: num(s.seconds) };
      }
    }),
  };
}
