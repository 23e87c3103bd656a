import type { OutboxKind } from './outboxKind';
import { favoritesKind, preferencesKind, ratingsKind } from './choiceKinds';
import { patternsKind } from './patternsKind';
import { sessionsKind } from './sessionsKind';

export type { OutboxKind } from './outboxKind';

/**
 * Every kind of record the outbox uploads, in upload order; a kind runs only while the
 * run has not stopped. A new synced table (e.g. vision summaries) is one more entry here:
 * its row mapper in ../rows and its OutboxKind beside these (editable records: ./editableKind).
 */
export const OUTBOX_KINDS: readonly OutboxKind<unknown>[] = [
  sessionsKind,
  patternsKind,
  favoritesKind,
  ratingsKind,
  preferencesKind,
];
