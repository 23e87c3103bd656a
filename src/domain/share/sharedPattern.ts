/**
 * The pattern and session a post carries (docs/product.md § Sharing and community), and
 * how a shared pattern opens a session for someone else. Pure.
 */
import {
  getPattern,
  isCatalogueId,
  timingLabel,
  timingsError,
  type PatternTimings,
} from '../patterns';
import type { ShareSession } from './shareStats';

/** A pattern as a post carries it: the name always, the timings when known. */
export interface SharedPattern {
  id?: string;
  name: string;
  inhale?: number;
  hold?: number;
  exhale?: number;
  holdAfterExhale?: number;
}

/** The shared session's summary. Only measured figures. */
export interface SharedSession {
  durationSeconds: number;
  cycles: number;
  targetCycles?: number;
  qualityScore?: number;
  mode?: 'classic' | 'enhanced' | 'mobile';
  completedAt?: string;
}

/** The pattern of a practised session: the catalogue's, a custom definition's, or the name alone. */
export function sharedPatternOf(
  session: Pick<ShareSession, 'patternId' | 'patternName'>,
  custom?: (PatternTimings & { id: string; name: string }) | null,
): SharedPattern {
  const builtIn = getPattern(session.patternId);
  const p = builtIn ?? (custom && custom.id === session.patternId ? custom : undefined);
  if (!p)
    return { ...(session.patternId ? { id: session.patternId } : {}), name: session.patternName };
  return {
    id: p.id,
    name: builtIn ? builtIn.name : session.patternName || p.name,
    inhale: p.inhale,
    hold: p.hold,
    exhale: p.exhale,
    holdAfterExhale: p.hold_after_exhale,
  };
}

/**
 * The session a post carries. Its score only when the person adds it (`withScore`; issue 44:
 * practice is not graded, and a post never shows a score the person did not choose to share).
 */
export function sharedSessionOf(
  s: ShareSession,
  { withScore = false }: { withScore?: boolean } = {},
): SharedSession {
  const score = withScore ? s.qualityScore : undefined;
  return {
    durationSeconds: Math.max(0, Math.round(s.duration ?? 0)),
    cycles: Math.max(0, Math.round(s.cycleCount ?? 0)),
    ...(s.targetCycles !== undefined ? { targetCycles: s.targetCycles } : {}),
    ...(typeof score === 'number' && Number.isFinite(score)
      ? { qualityScore: Math.round(score) }
      : {}),
    ...(s.sessionType ? { mode: s.sessionType } : {}),
    completedAt: s.createdAt,
  };
}

/** How "Try this pattern" opens a session: by catalogue id, or with the shared timings. */
type PatternToTry =
  | { kind: 'catalogue'; id: string }
  | { kind: 'timings'; pattern: PatternTimings & { id: string; name: string } };

/** The four timings a shared pattern carries, when they make a breathable cycle. */
export function sharedTimings(p: SharedPattern): PatternTimings | null {
  if (p.inhale === undefined || p.exhale === undefined) return null;
  const timings: PatternTimings = {
    inhale: p.inhale,
    hold: p.hold ?? 0,
    exhale: p.exhale,
    hold_after_exhale: p.holdAfterExhale ?? 0,
  };
  return timingsError(timings) ? null : timings;
}

export function patternToTry(p: SharedPattern): PatternToTry | null {
  if (p.id && isCatalogueId(p.id)) return { kind: 'catalogue', id: p.id };
  const timings = sharedTimings(p);
  if (!timings) return null;
  return { kind: 'timings', pattern: { id: p.id ?? `shared:${p.name}`, name: p.name, ...timings } };
}

/** '4-4-4-4' for a shared pattern that carries its timings. */
export function sharedTimingLabel(p: SharedPattern): string | undefined {
  const timings = sharedTimings(p);
  return timings ? timingLabel(timings) : undefined;
}
