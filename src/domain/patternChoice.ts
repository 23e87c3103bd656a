/**
 * Which pattern a session runs, the target cycles and the mode presets (docs/product.md
 * § Sessions).
 * Pure: the route reads the URL, the navigation state and the stored selection, and
 * hands them here.
 *
 * Precedence: URL `pattern` param in the catalogue -> URL param naming a user's custom
 * pattern (looked up by the caller) -> navigation state -> stored selectedPattern -> box.
 */
import {
  DEFAULT_PATTERN_ID,
  DIFFICULTIES,
  getPattern,
  isCatalogueId,
  timingsError,
  type BreathingPattern,
  type Difficulty,
  type PatternTimings,
} from './patterns';
import type { SessionMode } from './sessionModes';

/** Target cycles per mode. */
export const TARGET_CYCLES: Record<SessionMode, number> = { classic: 10, enhanced: 15, mobile: 8 };

/** Session config: mode basic|enhanced, pattern, camera, audio, AI. */
export interface SessionConfig {
  mode: 'basic' | 'enhanced';
  sessionType: SessionMode;
  pattern: SessionPattern;
  enableCamera: boolean;
  enableAudio: boolean;
  enableAI: boolean;
  targetCycles: number;
}

/** The pattern a session runs: four timings in seconds and what the screens show. */
export interface SessionPattern extends PatternTimings {
  id: string;
  name: string;
  description?: string;
  benefits: string[];
  difficulty?: Difficulty;
  hasBreathHold: boolean;
  /** Where it came from (for tests and diagnostics). */
  source: PatternSource;
}

type PatternSource = 'url' | 'custom' | 'navigation' | 'stored' | 'default';

/** Mode presets: classic has no camera or vision; enhanced turns the camera on. */
export function sessionConfigFor(sessionType: SessionMode, pattern: SessionPattern): SessionConfig {
  return {
    mode: sessionType === 'enhanced' ? 'enhanced' : 'basic',
    sessionType,
    pattern,
    enableCamera: sessionType === 'enhanced',
    enableAudio: true,
    enableAI: false,
    targetCycles: TARGET_CYCLES[sessionType],
  };
}

function fromCatalogue(p: BreathingPattern, source: PatternSource): SessionPattern {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    benefits: [...p.benefits],
    difficulty: p.difficulty,
    hasBreathHold: p.hasBreathHold,
    inhale: p.inhale,
    hold: p.hold,
    exhale: p.exhale,
    hold_after_exhale: p.hold_after_exhale,
    source,
  };
}

function asRecord(x: unknown): Record<string, unknown> | null {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
    ? (x as Record<string, unknown>)
    : null;
}

function num(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

/**
 * Reads the timings out of any of the shapes a pattern reaches a session in:
 *  - catalogue / discovery shape: inhale, hold, exhale, hold_after_exhale (seconds);
 *  - pattern handed to a session: phases {inhale, hold, exhale, pause} (seconds);
 *  - library card: phases [{name, duration (ms)}].
 * Returns null when the timings are missing or unusable.
 */
function timingsOf(r: Record<string, unknown>): PatternTimings | null {
  let t: Partial<PatternTimings> | null = null;
  if (num(r.inhale) !== undefined) {
    t = {
      inhale: num(r.inhale),
      hold: num(r.hold) ?? 0,
      exhale: num(r.exhale),
      hold_after_exhale: num(r.hold_after_exhale) ?? num(r.pause) ?? 0,
    };
  } else if (Array.isArray(r.phases)) {
    const ms: Record<string, number> = {};
    for (const ph of r.phases) {
      const pr = asRecord(ph);
      const d = num(pr?.duration);
      if (pr && typeof pr.name === 'string' && d !== undefined) ms[pr.name] = d;
    }
    t = {
      inhale: ms.inhale === undefined ? undefined : ms.inhale / 1000,
      hold: (ms.hold ?? 0) / 1000,
      exhale: ms.exhale === undefined ? undefined : ms.exhale / 1000,
      hold_after_exhale: (ms.hold_after_exhale ?? ms.pause ?? 0) / 1000,
    };
  } else {
    const ph = asRecord(r.phases);
    if (ph) {
      t = {
        inhale: num(ph.inhale),
        hold: num(ph.hold) ?? 0,
        exhale: num(ph.exhale),
        hold_after_exhale: num(ph.pause) ?? num(ph.hold_after_exhale) ?? 0,
      };
    }
  }
  if (!t || timingsError(t)) return null;
  return t as PatternTimings;
}

/**
 * Turns an untrusted pattern-like value (navigation state, stored selection, custom
 * pattern row) into a SessionPattern, or null if it cannot be breathed. A value whose
 * id/key is a catalogue id resolves to the catalogue entry (one source of truth).
 */
function normalizePattern(x: unknown, source: PatternSource): SessionPattern | null {
  const r = asRecord(x);
  if (!r) return null;
  const id = typeof r.id === 'string' ? r.id : typeof r.key === 'string' ? r.key : undefined;
  if (id && isCatalogueId(id)) return fromCatalogue(getPattern(id)!, source);
  const t = timingsOf(r);
  if (!t) return null;
  const name = typeof r.name === 'string' && r.name.trim() ? r.name.trim() : 'Custom pattern';
  return {
    id: id ?? `custom:${name}`,
    name,
    description: typeof r.description === 'string' ? r.description : undefined,
    benefits: Array.isArray(r.benefits)
      ? r.benefits.filter((b): b is string => typeof b === 'string')
      : [],
    difficulty:
      typeof r.difficulty === 'string' && (DIFFICULTIES as readonly string[]).includes(r.difficulty)
        ? (r.difficulty as Difficulty)
        : undefined,
    hasBreathHold: r.hasBreathHold === true,
    ...t,
    source,
  };
}

interface PatternChoiceInputs {
  /** The `pattern` search param, if any. */
  urlParam?: string | null;
  /** The user's custom pattern whose id equals urlParam, looked up by the caller. */
  customPattern?: unknown;
  /** Router navigation state (a pattern handed to a session, or { pattern: ... }). */
  navigationState?: unknown;
  /** The stored selectedPattern preference. */
  stored?: unknown;
}

/** The pattern choice (precedence above). Always returns a breathable pattern (box at worst). */
export function choosePattern(inputs: PatternChoiceInputs): SessionPattern {
  const { urlParam } = inputs;
  if (urlParam && isCatalogueId(urlParam)) return fromCatalogue(getPattern(urlParam)!, 'url');
  if (urlParam && inputs.customPattern) {
    const custom = normalizePattern(inputs.customPattern, 'custom');
    if (custom && custom.id === urlParam) return custom;
  }
  const nav = asRecord(inputs.navigationState);
  const fromNav = nav ? normalizePattern(asRecord(nav.pattern) ?? nav, 'navigation') : null;
  if (fromNav) return fromNav;
  const fromStored = normalizePattern(inputs.stored, 'stored');
  if (fromStored) return fromStored;
  return fromCatalogue(getPattern(DEFAULT_PATTERN_ID)!, 'default');
}
