import { REFRESH_FAILED } from './messages';
import type { PullResult } from './pull/pullResult';
import type { UpsertOutcome } from './upsert';

type OutboxStatus =
  /** Nothing left that can be sent now. */
  | 'done'
  /** Nobody is signed in: nothing is uploaded. */
  | 'signed_out'
  /** The token could not be refreshed: the user must sign in again. */
  | 'auth_required'
  /** Network errors or server trouble: something is left for a later run. */
  | 'retry_later';

export interface OutboxResult {
  status: OutboxStatus;
  uploaded: number;
  failed: number;
  localOnly: number;
  skipped: number;
  /** Pending sessions of the user still in the outbox after this run. */
  remaining: number;
  /** True when the last trouble was the network (worth a Background Sync registration). */
  offline: boolean;
  error?: string;
  /** Custom patterns uploaded / refused (kept, marked) in this run. */
  patternsUploaded: number;
  patternsFailed: number;
  /** Custom programs uploaded / refused in this run. */
  programsUploaded?: number;
  programsFailed?: number;
  /** Favourites, ratings and preferences uploaded / refused in this run. */
  choicesUploaded: number;
  choicesFailed: number;
  /** What the pull that followed the upload brought in (page runs only). */
  pull?: PullResult;
}

/** A run's result before anything happened (status 'done', every count 0). */
export function emptyOutboxResult(status: OutboxStatus = 'done'): OutboxResult {
  return {
    status,
    uploaded: 0,
    failed: 0,
    localOnly: 0,
    skipped: 0,
    remaining: 0,
    offline: false,
    patternsUploaded: 0,
    patternsFailed: 0,
    choicesUploaded: 0,
    choicesFailed: 0,
  };
}

/** The outcomes that end a run: the items stay pending for a later one. */
type StoppingOutcome = Extract<UpsertOutcome, { kind: 'unauthorized' | 'transient' }>;

/** Records why the run stops. */
export function recordStop(result: OutboxResult, outcome: StoppingOutcome): void {
  if (outcome.kind === 'unauthorized') {
    result.status = 'auth_required';
    result.error = REFRESH_FAILED;
    return;
  }
  result.status = 'retry_later';
  result.offline = outcome.network;
  result.error = outcome.message;
}
