/**
 * Completion flow (spec 2.6, 4): the session is saved first (`saving`), then
 * impact -> unlock (only for a classic first-time user) -> next steps.
 * Named side effects: `saveSession` (actor: writes the session locally), `goToResults`
 * and `practiceAgain` (actions). The screen provides them; tests replace them.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SessionRecord } from '../data/db';
import type { SessionConfig } from '../domain/patternChoice';
import {
  completionPercent,
  measuredQualityScore,
  rhythmSteadiness,
} from '../domain/sessionScoring';
import type { BreathLoopOutput } from './breathLoop';

export interface CompletionInput {
  record: SessionRecord;
  /** No hasCompletedSession flag and not signed in (spec 4 first-time state). */
  isFirstTime: boolean;
}

export interface CompletionContext extends CompletionInput {
  saved: boolean;
  error: string | null;
}

export type CompletionEvent =
  { type: 'NEXT' } | { type: 'RETRY' } | { type: 'VIEW_RESULTS' } | { type: 'PRACTICE_AGAIN' };

export const completionFlowMachine = setup({
  types: {
    input: {} as CompletionInput,
    context: {} as CompletionContext,
    events: {} as CompletionEvent,
  },
  actors: {
    saveSession: fromPromise<void, { record: SessionRecord; isFirstTime: boolean }>(async () => {
      throw new Error('saveSession is not provided');
    }),
  },
  guards: {
    showsUnlock: ({ context }) => context.isFirstTime && context.record.sessionType === 'classic',
  },
  actions: {
    goToResults: () => {},
    practiceAgain: () => {},
  },
}).createMachine({
  id: 'completionFlow',
  context: ({ input }) => ({ ...input, saved: false, error: null }),
  initial: 'saving',
  states: {
    saving: {
      invoke: {
        src: 'saveSession',
        input: ({ context }) => ({ record: context.record, isFirstTime: context.isFirstTime }),
        onDone: { target: 'impact', actions: assign({ saved: true, error: null }) },
        onError: {
          target: 'saveFailed',
          actions: assign({
            error: ({ event }) =>
              event.error instanceof Error ? event.error.message : String(event.error),
          }),
        },
      },
    },
    saveFailed: {
      on: { RETRY: 'saving' },
    },
    impact: {
      on: { NEXT: [{ guard: 'showsUnlock', target: 'unlock' }, { target: 'next' }] },
    },
    unlock: {
      on: { NEXT: 'next' },
    },
    next: {
      on: {
        VIEW_RESULTS: { target: 'done', actions: 'goToResults' },
        PRACTICE_AGAIN: { target: 'done', actions: 'practiceAgain' },
      },
    },
    done: { type: 'final' },
  },
});

export interface BuildRecordArgs {
  id: string;
  loop: BreathLoopOutput;
  config: SessionConfig;
  startEpochMs: number;
  endEpochMs: number;
  /** The signed-in user's id, or null for a guest. */
  userId: string | null;
}

/**
 * The stored session from what was measured. Without a camera there is no stillness or
 * restlessness; without a retention hold there is no breathHoldTime (absent, not 0).
 */
export function buildSessionRecord({
  id,
  loop,
  config,
  startEpochMs,
  endEpochMs,
  userId,
}: BuildRecordArgs): SessionRecord {
  const rhythmConsistency = rhythmSteadiness(loop.cycleCount, loop.interruptedCycles);
  const completion = completionPercent(loop.cycleCount, loop.targetCycles);
  const qualityScore = measuredQualityScore({ completionPercent: completion, rhythmConsistency });
  const record: SessionRecord = {
    id,
    userId,
    patternId: config.pattern.id,
    patternName: config.pattern.name,
    sessionType: config.sessionType,
    startTime: startEpochMs,
    endTime: endEpochMs,
    duration: Math.round(loop.activeMs / 1000),
    cycleCount: loop.cycleCount,
    targetCycles: loop.targetCycles,
    completed: loop.completed,
    cameraUsed: false,
    aiUsed: false,
    createdAt: new Date(endEpochMs).toISOString(),
    syncState: userId ? 'pending' : 'guest',
    attempts: 0,
  };
  if (loop.longestHoldMs !== undefined)
    record.breathHoldTime = Math.round(loop.longestHoldMs / 100) / 10;
  if (rhythmConsistency !== undefined) record.rhythmConsistency = rhythmConsistency;
  if (qualityScore !== undefined) record.qualityScore = qualityScore;
  return record;
}
