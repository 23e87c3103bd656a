import type { OutboxKind } from './outboxKind';
import { patternsKind } from './patternsKind';
import { sessionsKind } from './sessionsKind';

export type { OutboxKind } from './outboxKind';

/**
 * Every kind of record the outbox uploads, in upload order; a kind runs only while the
 * run has not stopped. A new synced table (e.g. vision summaries, community posts) is one
 * more entry here: its row mapper in ../rows and its OutboxKind beside these.
 */
export const OUTBOX_KINDS: readonly OutboxKind<unknown>[] = [sessionsKind, patternsKind];
