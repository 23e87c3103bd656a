/**
 * The pattern-link codec (src/domain/links): round trips of every built-in pattern and of
 * generated patterns in many scripts, the base64url it writes checked against Node's own
 * base64url (RFC 4648 § 5) both ways, and the hostile links the issue lists: too long, bad
 * base64, bad UTF-8, bad JSON, schema violations, absurd durations, script in names, unknown
 * versions and kinds, prototype keys. Each refusal must be a LinkError with a message, never
 * a throw.
 *
 * What it does not prove: how a browser's address bar or a chat app mangles a long link
 * (e2e/pattern-links.spec.ts opens real links in Chromium), nor that the screen shows the
 * message (that spec does).
 */
import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from '../../../src/domain/links/base64url';
import {
  decodeLink,
  encodeLink,
  LINK_LIMITS,
  LinkEncodeError,
  patternLinkPath,
  type LinkedPattern,
} from '../../../src/domain/links/patternLink';
import { PATTERNS } from '../../../src/domain/patterns';

const BOX: LinkedPattern = {
  name: 'Box Breathing',
  description: '',
  inhale: 4,
  hold: 4,
  exhale: 4,
  hold_after_exhale: 4,
  category: 'stress',
  difficulty: 'Beginner',
  benefits: [],
};

/** A payload made by hand from any JSON (what a hostile sender writes). */
const raw = (json: unknown) => Buffer.from(JSON.stringify(json), 'utf8').toString('base64url');

function refused(payload: string) {
  const r = decodeLink(payload);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(r.content)}`);
  expect(r.error.message.length).toBeGreaterThan(10);
  expect(r.error.message).not.toMatch(/zod|undefined|null|\[object|Invalid input|expected/i);
  return r.error;
}

// A small seeded generator, so a failure can be replayed.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('base64url', () => {
  it('writes what Node writes and reads what Node writes, for text in many scripts', () => {
    const texts = [
      '',
      'a',
      'ab',
      'abc',
      'Box 4-4-4-4',
      'Atmung – ruhig',
      'дыхание',
      '呼吸法',
      '🫁 breathe 🌬️',
      'ﷺ',
    ];
    for (const t of texts) {
      expect(encodeBase64Url(t)).toBe(Buffer.from(t, 'utf8').toString('base64url'));
      expect(decodeBase64Url(Buffer.from(t, 'utf8').toString('base64url'))).toBe(t);
    }
  });

  it('refuses characters outside the alphabet, padding, impossible lengths, non-canonical ends and bytes that are not UTF-8', () => {
    expect(decodeBase64Url('ab+c')).toBeNull();
    expect(decodeBase64Url('ab/c')).toBeNull();
    expect(decodeBase64Url('YQ==')).toBeNull();
    expect(decodeBase64Url('abcde')).toBeNull();
    expect(decodeBase64Url('YR')).toBeNull(); // 'a' is YQ; YR has leftover bits set
    expect(decodeBase64Url(Buffer.from([0xff, 0xfe, 0xfd]).toString('base64url'))).toBeNull();
    expect(decodeBase64Url(Buffer.from([0xed, 0xa0, 0x80]).toString('base64url'))).toBeNull(); // a lone surrogate
  });
});

describe('pattern links: round trips', () => {
  it('every built-in pattern opens as itself', () => {
    for (const p of PATTERNS) {
      const path = patternLinkPath(p);
      expect(path).toMatch(/^\/p\/[A-Za-z0-9_-]+$/);
      const r = decodeLink(path!.slice(3));
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.content).toEqual({
        kind: 'pattern',
        pattern: {
          name: p.name,
          description: p.description,
          inhale: p.inhale,
          hold: p.hold,
          exhale: p.exhale,
          hold_after_exhale: p.hold_after_exhale,
          category: p.category,
          difficulty: p.difficulty,
          benefits: p.benefits,
        },
      });
    }
  });

  it('500 generated patterns (any script, fractions, every category, full-length text) open as themselves', () => {
    const next = rng(35);
    const alphabet = [
      'a',
      'Z',
      ' ',
      'é',
      'ß',
      'д',
      '呼',
      '吸',
      '🫁',
      '’',
      '<3',
      '&',
      '"',
      "'",
      '\\',
      '—',
    ];
    const text = (max: number, min = 0) => {
      const n = min + Math.floor(next() * (max - min + 1));
      let s = '';
      while ([...s].length < n) s += alphabet[Math.floor(next() * alphabet.length)];
      return [...s].slice(0, n).join('').trim() || 'x';
    };
    const secs = (min: number) => Math.round((min + next() * (60 - min)) * 100) / 100;
    for (let i = 0; i < 500; i++) {
      const p: LinkedPattern = {
        name: text(80, 1),
        description: next() < 0.5 ? '' : text(500),
        inhale: secs(0.5),
        hold: next() < 0.3 ? 0 : secs(0),
        exhale: secs(0.5),
        hold_after_exhale: next() < 0.5 ? 0 : secs(0),
        category: (['stress', 'sleep', 'focus', 'energy'] as const)[i % 4]!,
        difficulty: (['Beginner', 'Intermediate', 'Advanced'] as const)[i % 3]!,
        benefits: Array.from({ length: Math.floor(next() * 11) }, () => text(120, 1)),
      };
      const payload = encodeLink({ kind: 'pattern', pattern: p });
      expect(payload.length).toBeLessThanOrEqual(LINK_LIMITS.payloadMax);
      const r = decodeLink(payload);
      expect(r).toEqual({ ok: true, content: { kind: 'pattern', pattern: p } });
    }
  });

  it('a shared session round-trips with its id, start and cycles', () => {
    const content = {
      kind: 'together' as const,
      session: '0b6f2a4e-8d1c-4c3e-9a51-2f7d6c1b3e90',
      startsAt: Date.UTC(2026, 10, 27, 12, 0, 0),
      cycles: 10,
      pattern: BOX,
    };
    expect(decodeLink(encodeLink(content))).toEqual({ ok: true, content });
  });

  it('leaves fields at their default out of the link, and reads a minimal hand-written link', () => {
    const payload = encodeLink({ kind: 'pattern', pattern: BOX });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).toEqual({
      v: 1,
      kind: 'pattern',
      pattern: { name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 },
    });
    expect(
      decodeLink(
        raw({
          v: 1,
          kind: 'pattern',
          pattern: { name: 'Mine', inhale: 3, hold: 0, exhale: 6, hold_after_exhale: 0 },
        }),
      ),
    ).toMatchObject({
      ok: true,
      content: { pattern: { name: 'Mine', category: 'stress', benefits: [] } },
    });
  });
});

describe('pattern links: hostile and broken links get a message, never a throw', () => {
  it('empty and too long', () => {
    expect(refused('').code).toBe('empty');
    expect(refused('A'.repeat(LINK_LIMITS.payloadMax + 1)).code).toBe('too_long');
    expect(refused('A'.repeat(2_000_000)).code).toBe('too_long');
  });

  it('bad base64, bad UTF-8, bad JSON, JSON that is not an object', () => {
    expect(refused('not base64!').code).toBe('damaged');
    expect(refused('%3Cscript%3E').code).toBe('damaged');
    expect(refused(Buffer.from([0xc3, 0x28]).toString('base64url')).code).toBe('damaged');
    expect(
      refused(Buffer.from('{"v":1,"kind":"pattern",', 'utf8').toString('base64url')).code,
    ).toBe('damaged');
    for (const json of [null, 42, 'box', [], [1, 2], true])
      expect(refused(raw(json)).code).toBe('damaged');
    // A valid link cut short, as a chat app may cut it.
    const whole = encodeLink({ kind: 'pattern', pattern: BOX });
    for (let cut = 1; cut < whole.length; cut += 3)
      expect(decodeLink(whole.slice(0, cut)).ok).toBe(false);
  });

  it('versions and kinds it does not know', () => {
    expect(refused(raw({ v: 2, kind: 'pattern', pattern: BOX })).code).toBe('newer_version');
    expect(refused(raw({ v: 0, kind: 'pattern', pattern: BOX })).code).toBe('damaged');
    expect(refused(raw({ v: '1', kind: 'pattern', pattern: BOX })).code).toBe('damaged');
    expect(refused(raw({ kind: 'pattern', pattern: BOX })).code).toBe('damaged');
    expect(refused(raw({ v: 1, kind: 'program', program: {} })).code).toBe('invalid');
    expect(refused(raw({ v: 1, kind: 'course', pattern: BOX })).code).toBe('unknown_kind');
  });

  it('schema violations: missing or wrong-typed fields, negative, zero and absurd durations, unknown fields', () => {
    const bad = (over: Record<string, unknown>) =>
      refused(raw({ v: 1, kind: 'pattern', pattern: { ...BOX, ...over } }));
    expect(bad({ inhale: 1e9 }).message).toMatch(/Inhale can be at most 60 seconds/);
    expect(bad({ exhale: 0 }).message).toMatch(/Exhale must be longer than 0 seconds/);
    expect(bad({ hold: -4 }).message).toMatch(/Hold cannot be negative/);
    expect(bad({ hold_after_exhale: 'four' }).message).toMatch(/Hold after exhale/);
    expect(bad({ name: '' }).message).toMatch(/Name is required/);
    expect(bad({ name: 'x'.repeat(81) }).message).toMatch(/at most 80 characters/);
    expect(bad({ category: 'party' }).message).toMatch(/Category must be/);
    expect(bad({ benefits: 'calm' }).message).toMatch(/Benefits is not in the right form/);
    expect(bad({ benefits: Array(11).fill('calm') }).message).toMatch(/At most 10 benefits/);
    expect(bad({ extra: 1 }).message).toMatch(/fields Pneuma does not know/);
    expect(refused(raw({ v: 1, kind: 'pattern', pattern: BOX, extra: 1 })).code).toBe('invalid');
    expect(refused(raw({ v: 1, kind: 'pattern' })).code).toBe('invalid');
    // JSON's "__proto__" is an own key: refused as unknown, never merged into a prototype.
    refused(
      Buffer.from(
        `{"v":1,"kind":"pattern","pattern":{"name":"p","inhale":4,"hold":0,"exhale":4,"hold_after_exhale":0,"__proto__":{"polluted":1}}}`,
      ).toString('base64url'),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // NaN and Infinity are not JSON; a huge exponent parses as Infinity and is refused.
    expect(bad({ inhale: Number.POSITIVE_INFINITY }).code).toBe('invalid'); // JSON.stringify writes null
    refused(
      Buffer.from(
        '{"v":1,"kind":"pattern","pattern":{"name":"p","inhale":1e999,"hold":0,"exhale":4,"hold_after_exhale":0}}',
      ).toString('base64url'),
    );
  });

  it('script and markup in names, descriptions and benefits; control and direction-override characters in names', () => {
    const bad = (over: Record<string, unknown>) =>
      refused(raw({ v: 1, kind: 'pattern', pattern: { ...BOX, ...over } }));
    expect(bad({ name: '<script>alert(1)</script>' }).message).toMatch(/markup/);
    expect(bad({ name: 'Calm <img src=x onerror=alert(1)>' }).message).toMatch(/markup/);
    expect(bad({ description: 'Nice </textarea><svg onload=alert(1)>' }).message).toMatch(/markup/);
    expect(bad({ benefits: ['<!-- hidden -->'] }).message).toMatch(/markup/);
    expect(bad({ name: 'Box\u0000Breathing' }).message).toMatch(/control characters/);
    expect(bad({ name: 'Box \u202egnihtaerB' }).message).toMatch(/control characters/);
    // Plain text that merely uses < stays a pattern.
    expect(
      decodeLink(
        raw({
          v: 1,
          kind: 'pattern',
          pattern: { ...BOX, name: 'Calm <3', description: 'in < out' },
        }),
      ).ok,
    ).toBe(true);
    // Making such a link is refused too: a link that is made always opens.
    expect(() => encodeLink({ kind: 'pattern', pattern: { ...BOX, name: '<script>x' } })).toThrow(
      LinkEncodeError,
    );
    expect(patternLinkPath({ ...BOX, name: '<b>bold</b>' })).toBeNull();
  });

  it('shared sessions: bad ids, starts, cycles, and a session longer than two hours', () => {
    const base = {
      v: 1,
      kind: 'together',
      session: '0b6f2a4e-8d1c-4c3e-9a51-2f7d6c1b3e90',
      startsAt: Date.UTC(2026, 10, 27),
      cycles: 10,
      pattern: BOX,
    };
    const bad = (over: Record<string, unknown>) => refused(raw({ ...base, ...over }));
    expect(decodeLink(raw(base)).ok).toBe(true);
    expect(bad({ session: "1' or '1'='1" }).code).toBe('invalid');
    expect(bad({ startsAt: 1.5e15 }).code).toBe('invalid');
    expect(bad({ startsAt: -1 }).code).toBe('invalid');
    expect(bad({ startsAt: 'now' }).code).toBe('invalid');
    expect(bad({ cycles: 0 }).code).toBe('invalid');
    expect(bad({ cycles: 1e6 }).code).toBe('invalid');
    expect(bad({ cycles: 2.5 }).code).toBe('invalid');
    // 200 cycles of a 60-60-60-60 pattern: 13 hours.
    expect(
      bad({
        cycles: 200,
        pattern: { ...BOX, inhale: 60, hold: 60, exhale: 60, hold_after_exhale: 60 },
      }).message,
    ).toMatch(/at most 2 hours/);
    expect(bad({ pattern: { ...BOX, name: '<script>' } }).message).toMatch(/markup/);
  });
});
