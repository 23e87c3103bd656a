/**
 * Pattern links (docs/patterns-format.md, docs/product.md § Pattern links): a pattern, or a
 * shared session of one, carried whole in the URL as `/p/<payload>`, where the payload is
 * base64url (no padding) of UTF-8 JSON:
 *
 *   {"v":1,"kind":"pattern","pattern":{"name":"Box","inhale":4,"hold":4,"exhale":4,"hold_after_exhale":4}}
 *   {"v":1,"kind":"together","session":"<uuid>","startsAt":<ms, server clock>,"cycles":10,"pattern":{...}}
 *   {"v":1,"kind":"program","program":{"version":1,"name":"…","segments":[...]}}
 *
 * The pattern is checked with THE pattern schema (../patternSchema), so a link holds exactly
 * what the library stores; the link adds its own refusals for hostile text (markup, control
 * and direction-override characters in the name). A program (`kind: "program"`) is checked with
 * THE program schema (../programs/programSchema) and the same hostile-text refusals.
 * Every refusal is a LinkError with a message for the person who opened the link. Pure.
 */
import { z } from 'zod';
import { patternSchema } from '../patternSchema';
import { parseProgram } from '../programs/programSchema';
import type { ProgramDefinition } from '../programs/programTypes';
import {
  cycleSeconds,
  PHASE_FIELD_LABELS,
  type PatternDefinition,
  type PhaseField,
} from '../patterns';
import { decodeBase64Url, encodeBase64Url } from './base64url';

export const LINK_FORMAT_VERSION = 1;
/** Where a link opens: `/p/<payload>`. */
export const LINK_PATH_PREFIX = '/p/';

export const LINK_LIMITS = Object.freeze({
  /** Characters of the payload (URL-safe already). A full pattern in any script fits. */
  payloadMax: 8192,
  /** A shared session: the most cycles and the longest it may last. */
  togetherCyclesMax: 200,
  togetherMaxMs: 2 * 60 * 60 * 1000,
  /** A shared session's start (ms since 1970 on the server's clock) lies in this range. */
  startsAtMin: Date.UTC(2024, 0, 1),
  startsAtMax: Date.UTC(2100, 0, 1),
});

export type LinkedPattern = PatternDefinition;

export interface PatternLinkContent {
  kind: 'pattern';
  pattern: LinkedPattern;
}

export interface TogetherLinkContent {
  kind: 'together';
  /** The shared session's id on the server (joins are counted against it). */
  session: string;
  /** Ms since 1970 on the server's clock: the first inhale. */
  startsAt: number;
  cycles: number;
  pattern: LinkedPattern;
}

export interface ProgramLinkContent {
  kind: 'program';
  program: ProgramDefinition;
}

export type LinkContent = PatternLinkContent | TogetherLinkContent | ProgramLinkContent;

export type LinkErrorCode =
  'empty' | 'too_long' | 'damaged' | 'newer_version' | 'unknown_kind' | 'invalid';

export interface LinkError {
  code: LinkErrorCode;
  message: string;
}

export type DecodedLink = { ok: true; content: LinkContent } | { ok: false; error: LinkError };

const DAMAGED =
  'This link is damaged: part of it is missing or was changed. Ask for the link again.';

const fail = (code: LinkErrorCode, message: string): DecodedLink => ({
  ok: false,
  error: { code, message },
});

// --- Hostile text ---------------------------------------------------------------------

/** An HTML tag's start (`<script`, `</b`, `<!--`, `<?`); `<3` and `a < b` are text. */
const MARKUP = /<[a-z!?/]/i;
/** Control characters and the direction overrides that disguise text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * Why a pattern's text cannot be shown (markup in any text, control characters or direction
 * overrides in its name), or null: the one name rule of every surface that shows a pattern
 * someone else wrote (`/p/` links, shared sessions, the marketplace: src/contracts/marketplaceSchemas.ts).
 */
export function hostilePatternText(p: Pick<LinkedPattern, 'name' | 'description' | 'benefits'>): string | null {
  const texts = [p.name, p.description, ...p.benefits];
  if (texts.some((t) => MARKUP.test(t)))
    return 'Its text contains markup (like <script>), which a pattern cannot hold.';
  if (CONTROL.test(p.name)) return 'Its name contains hidden control characters.';
  return null;
}

/** A program's texts (name, description, safety note, segment labels) checked like a pattern's. */
export function hostileProgramText(p: ProgramDefinition): string | null {
  const labels = p.segments.flatMap((s) => (s.label ? [s.label] : []));
  const texts = [p.name, p.description, p.safetyNote ?? '', ...labels];
  if (texts.some((t) => MARKUP.test(t)))
    return 'Its text contains markup (like <script>), which a program cannot hold.';
  if ([p.name, ...labels].some((t) => CONTROL.test(t)))
    return 'Its name or a segment label contains hidden control characters.';
  return null;
}

// --- Messages from the schema ------------------------------------------------------------

const FIELD_LABELS: Record<string, string> = {
  ...PHASE_FIELD_LABELS,
  name: 'Name',
  description: 'Description',
  category: 'Category',
  difficulty: 'Difficulty',
  benefits: 'Benefits',
};

function issueText(issue: z.core.$ZodIssue): string {
  const field = FIELD_LABELS[String(issue.path[0] ?? '')] ?? 'A field';
  if (issue.code === 'unrecognized_keys') return 'It has fields Pneuma does not know.';
  // zod's own wording ("Invalid input: expected …") is for developers; the schema's own messages are not.
  if (issue.message.startsWith('Invalid')) return `${field} is not in the right form.`;
  return issue.message.endsWith('.') ? issue.message : `${issue.message}.`;
}

/**
 * A pattern as a link carries it, checked as a link's pattern is (the schema, then hostile
 * text); `what` starts the message. The server checks a shared session's pattern with it.
 */
export function checkLinkedPattern(
  value: unknown,
  what = 'The pattern',
): { pattern: LinkedPattern } | { error: LinkError } {
  const parsed = patternSchema.safeParse(value);
  if (!parsed.success) {
    return {
      error: {
        code: 'invalid',
        message: `${what} is not a valid pattern: ${issueText(parsed.error.issues[0]!)}`,
      },
    };
  }
  const hostile = hostilePatternText(parsed.data);
  if (hostile)
    return { error: { code: 'invalid', message: `${what} cannot be opened. ${hostile}` } };
  return { pattern: parsed.data };
}

// --- The envelope ------------------------------------------------------------------------

const envelope = z.object({ v: z.number(), kind: z.string() }).loose();

const togetherFields = z
  .object({
    v: z.literal(LINK_FORMAT_VERSION),
    kind: z.literal('together'),
    session: z.uuid(),
    startsAt: z.number().int().min(LINK_LIMITS.startsAtMin).max(LINK_LIMITS.startsAtMax),
    cycles: z.number().int().min(1).max(LINK_LIMITS.togetherCyclesMax),
    pattern: z.unknown(),
  })
  .strict();

const programFields = z
  .object({ v: z.literal(LINK_FORMAT_VERSION), kind: z.literal('program'), program: z.unknown() })
  .strict();

const patternFields = z
  .object({ v: z.literal(LINK_FORMAT_VERSION), kind: z.literal('pattern'), pattern: z.unknown() })
  .strict();

/** Why a shared session's numbers cannot be breathed, or null. */
export function togetherError(cycles: number, pattern: LinkedPattern): string | null {
  const ms = cycles * cycleSeconds(pattern) * 1000;
  if (ms > LINK_LIMITS.togetherMaxMs) {
    return `A shared session can last at most ${LINK_LIMITS.togetherMaxMs / 3_600_000} hours; this one would last ${Math.round(ms / 60_000)} minutes.`;
  }
  return null;
}

/** Reads a link's payload (the part after /p/). Never throws. */
export function decodeLink(payload: string): DecodedLink {
  if (typeof payload !== 'string' || payload.length === 0)
    return fail('empty', 'This link has no pattern in it.');
  if (payload.length > LINK_LIMITS.payloadMax) {
    return fail(
      'too_long',
      `This link is too long to hold a pattern (${payload.length.toLocaleString('en-GB')} characters; at most ${LINK_LIMITS.payloadMax.toLocaleString('en-GB')}).`,
    );
  }
  const text = decodeBase64Url(payload);
  if (text === null) return fail('damaged', DAMAGED);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('damaged', DAMAGED);
  }
  const head = envelope.safeParse(json);
  if (!head.success) return fail('damaged', DAMAGED);
  const { v, kind } = head.data;
  if (Number.isInteger(v) && v > LINK_FORMAT_VERSION) {
    return fail(
      'newer_version',
      'This link was made by a newer version of Pneuma. Update the app to open it.',
    );
  }
  if (v !== LINK_FORMAT_VERSION) return fail('damaged', DAMAGED);
  if (kind === 'program') {
    const fields = programFields.safeParse(json);
    if (!fields.success)
      return fail(
        'invalid',
        "This link's program cannot be opened: it has fields Pneuma does not know.",
      );
    const parsed = parseProgram(fields.data.program);
    if (!parsed.ok) {
      const why = parsed.error.endsWith('.') ? parsed.error : `${parsed.error}.`;
      return fail('invalid', `This link's program cannot be opened: ${why}`);
    }
    const hostile = hostileProgramText(parsed.program);
    if (hostile) return fail('invalid', `This link's program cannot be opened. ${hostile}`);
    return { ok: true, content: { kind, program: parsed.program } };
  }
  if (kind === 'pattern') {
    const fields = patternFields.safeParse(json);
    if (!fields.success)
      return fail(
        'invalid',
        `This link's pattern cannot be opened: ${issueText(fields.error.issues[0]!)}`,
      );
    const checked = checkLinkedPattern(fields.data.pattern, "This link's pattern");
    return 'error' in checked
      ? { ok: false, error: checked.error }
      : { ok: true, content: { kind, pattern: checked.pattern } };
  }
  if (kind === 'together') {
    const fields = togetherFields.safeParse(json);
    if (!fields.success)
      return fail(
        'invalid',
        'This shared session link is not valid: its session, start time or length is missing or out of range.',
      );
    const checked = checkLinkedPattern(fields.data.pattern, "This shared session's pattern");
    if ('error' in checked) return { ok: false, error: checked.error };
    const tooLong = togetherError(fields.data.cycles, checked.pattern);
    if (tooLong) return fail('invalid', `This shared session link is not valid. ${tooLong}`);
    const { session, startsAt, cycles } = fields.data;
    return { ok: true, content: { kind, session, startsAt, cycles, pattern: checked.pattern } };
  }
  return fail('unknown_kind', 'This link holds something this version of Pneuma cannot open.');
}

/** The pattern as a link carries it: fields at their default are left out, to keep links short. */
function compactPattern(p: LinkedPattern): Record<string, unknown> {
  const out: Record<string, unknown> = { name: p.name };
  if (p.description) out.description = p.description;
  for (const f of ['inhale', 'hold', 'exhale', 'hold_after_exhale'] as PhaseField[]) out[f] = p[f];
  if (p.category !== 'stress') out.category = p.category;
  if (p.difficulty !== 'Beginner') out.difficulty = p.difficulty;
  if (p.benefits.length) out.benefits = p.benefits;
  return out;
}

export class LinkEncodeError extends Error {
  constructor(public readonly error: LinkError) {
    super(error.message);
    this.name = 'LinkEncodeError';
  }
}

/**
 * The payload of a link holding `content`. Throws LinkEncodeError when the link would not
 * open (a pattern the schema refuses, hostile text, a session too long): a link that is
 * made always opens.
 */
export function encodeLink(content: LinkContent): string {
  if (content.kind === 'program')
    return checked({
      v: LINK_FORMAT_VERSION,
      kind: 'program',
      program: programDefinition(content.program),
    });
  const pattern = compactPattern(content.pattern);
  const json =
    content.kind === 'pattern'
      ? { v: LINK_FORMAT_VERSION, kind: 'pattern', pattern }
      : {
          v: LINK_FORMAT_VERSION,
          kind: 'together',
          session: content.session,
          startsAt: content.startsAt,
          cycles: content.cycles,
          pattern,
        };
  return checked(json);
}

/** The payload of `json`, decoded back first: a link that is made always opens. */
function checked(json: unknown): string {
  const payload = encodeBase64Url(JSON.stringify(json));
  const check = decodeLink(payload);
  if (!check.ok) throw new LinkEncodeError(check.error);
  return payload;
}

/** Only a program's definition travels (never a stored row's id, owner or sync state). */
function programDefinition(p: ProgramDefinition): ProgramDefinition {
  const out: ProgramDefinition = {
    version: p.version,
    name: p.name,
    description: p.description,
    category: p.category,
    segments: p.segments,
  };
  if (p.safetyNote) out.safetyNote = p.safetyNote;
  return out;
}

/** The path of a program's link (`/p/…`), or null when the program cannot travel as one. */
export function programLinkPath(program: ProgramDefinition): string | null {
  try {
    return LINK_PATH_PREFIX + encodeLink({ kind: 'program', program });
  } catch {
    return null;
  }
}

/** The path of a pattern's link (`/p/…`), or null when the pattern cannot travel as one. */
export function patternLinkPath(pattern: LinkedPattern): string | null {
  try {
    return LINK_PATH_PREFIX + encodeLink({ kind: 'pattern', pattern });
  } catch {
    return null;
  }
}

/**
 * A stable id for a linked pattern breathed without saving it (`link:` and a hash of what it
 * carries), so sessions of the same link share an id in the history.
 */
export function linkedPatternId(p: LinkedPattern): string {
  return `link:${fnv1a(JSON.stringify(compactPattern(p)))}`;
}

/** The same for a linked program played without saving it (`link:` and a hash of its definition). */
export function linkedProgramId(p: ProgramDefinition): string {
  return `link:${fnv1a(JSON.stringify(programDefinition(p)))}`;
}

function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

/** The `$payload` of a program's `/p/` route (its link path without the prefix), or null. */
export function programLinkPayload(program: ProgramDefinition): string | null {
  return programLinkPath(program)?.slice(LINK_PATH_PREFIX.length) ?? null;
}
