import type { OutboxKind } from './outboxKind';
import { favoritesKind, preferencesKind, ratingsKind } from './choiceKinds';
import { patternsKind } from './patternsKind';
import { programsKind } from './programsKind'; // [programs #35]
import { coursesKind, enrolmentsKind, progressKind } from './courseKinds';
import { sessionsKind } from './sessionsKind';
import { visionKind } from './visionKind';

export type { OutboxKind } from './outboxKind';

/**
 * Every kind of record the outbox uploads, in upload order (camera summaries right after
 * their sessions, which they point at); a kind runs only while the run has not stopped. A
 * new synced table is one more entry here: its row mapper in ../rows and its OutboxKind
 * beside these (editable records: ./editableKind).
 */
export const OUTBOX_KINDS: readonly OutboxKind<unknown>[] = [
  sessionsKind,
  visionKind,
  patternsKind,
  programsKind, // [programs #35]
  favoritesKind,
  ratingsKind,
  preferencesKind,
  coursesKind, enrolmentsKind, progressKind,
];
