/**
 * Session-type flow (docs/product.md § Sessions): selection -> guidance-classic, or
 * selection -> pattern-selection -> guidance-enhanced; the guidance has 3 steps with
 * Next, Skip Guide, Back and Start Session. The machine ends in `done` with the URL the
 * screen navigates to:
 *   classic  -> /session/classic?pattern=box&flow=adaptive
 *   enhanced -> /session/enhanced?flow=adaptive (the chosen pattern travels as the
 *               locally stored selectedPattern; the screen stores it before navigating).
 * Pure: no I/O; the screen does the storing and the navigation from the output.
 */
import { assign, setup } from 'xstate';
import type { ChosenMode } from '../domain/sessionModes';

export const GUIDANCE_STEP_COUNT = 3;

type FlowMode = ChosenMode;

interface SessionTypeFlowContext {
  /** Set when a card is chosen. */
  mode: FlowMode | null;
  /** 0-based guidance step. */
  step: number;
  /** The pattern chosen on the pattern-selection screen (enhanced), or box (classic). */
  patternId: string | null;
}

export type SessionTypeFlowEvent =
  | { type: 'CHOOSE_CLASSIC' }
  | { type: 'CHOOSE_ENHANCED' }
  | { type: 'SELECT_PATTERN'; patternId: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SKIP' }
  | { type: 'START' };

interface SessionTypeFlowOutput {
  mode: FlowMode;
  /** Search params of the session URL: pattern (classic only) and flow=adaptive. */
  search: { pattern?: string; flow: 'adaptive' };
  /** The pattern to keep as the stored selectedPattern before navigating (enhanced), else null. */
  storePatternId: string | null;
}

const lastStep = GUIDANCE_STEP_COUNT - 1;

const guidance = (back: 'selection' | 'patternSelection') => ({
  entry: 'resetStep' as const,
  on: {
    NEXT: { guard: 'beforeLastStep' as const, actions: 'nextStep' as const },
    BACK: [{ guard: 'onFirstStep' as const, target: back }, { actions: 'previousStep' as const }],
    SKIP: 'done',
    START: { guard: 'onLastStep' as const, target: 'done' },
  },
});

export const sessionTypeFlowMachine = setup({
  types: {
    context: {} as SessionTypeFlowContext,
    events: {} as SessionTypeFlowEvent,
    output: {} as SessionTypeFlowOutput,
  },
  guards: {
    onFirstStep: ({ context }) => context.step === 0,
    onLastStep: ({ context }) => context.step >= lastStep,
    beforeLastStep: ({ context }) => context.step < lastStep,
    validPattern: ({ event }) =>
      event.type === 'SELECT_PATTERN' &&
      typeof event.patternId === 'string' &&
      event.patternId.trim().length > 0,
  },
  actions: {
    resetStep: assign({ step: 0 }),
    nextStep: assign({ step: ({ context }) => Math.min(context.step + 1, lastStep) }),
    previousStep: assign({ step: ({ context }) => Math.max(context.step - 1, 0) }),
  },
}).createMachine({
  id: 'sessionTypeFlow',
  context: { mode: null, step: 0, patternId: null },
  initial: 'selection',
  states: {
    selection: {
      entry: assign({ mode: null, step: 0, patternId: null }),
      on: {
        CHOOSE_CLASSIC: {
          target: 'guidanceClassic',
          actions: assign({ mode: 'classic', patternId: 'box' }),
        },
        CHOOSE_ENHANCED: { target: 'patternSelection', actions: assign({ mode: 'enhanced' }) },
      },
    },
    patternSelection: {
      on: {
        SELECT_PATTERN: {
          guard: 'validPattern',
          target: 'guidanceEnhanced',
          actions: assign({ patternId: ({ event }) => event.patternId }),
        },
        BACK: 'selection',
      },
    },
    guidanceClassic: guidance('selection'),
    guidanceEnhanced: guidance('patternSelection'),
    done: { type: 'final' },
  },
  output: ({ context }): SessionTypeFlowOutput =>
    context.mode === 'classic'
      ? { mode: 'classic', search: { pattern: 'box', flow: 'adaptive' }, storePatternId: null }
      : { mode: 'enhanced', search: { flow: 'adaptive' }, storePatternId: context.patternId },
});
