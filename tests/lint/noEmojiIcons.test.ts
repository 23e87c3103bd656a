/**
 * No emoji in the app's own interface: Debian's Chromium (and any system without an emoji
 * font) draws one as an empty box, so an icon is a drawn SVG (src/ui/LineIcon) instead. Every
 * source file of src/ and sw/ (.ts, .tsx, .css) and index.html is read, with its escapes
 * decoded (`\u{1F3C6}`, `\uD83C\uDFC6`, CSS `\1F3C6`, `&#x1F3C6;`), and any emoji code point
 * outside the allowlist below fails here with its file and line. The allowlist is for texts a
 * user writes or posts (share and post templates), where an emoji is the user's own choice
 * and a system that lacks the font shows it the same everywhere.
 *
 * Not proved: that emoji coming from data (a user's post, a pattern name, a server answer)
 * never reaches an icon's place; a code point built at run time (String.fromCodePoint(n));
 * that the text symbols left allowed (©, ®, ™, and non-emoji signs such as ★ or ✓) exist
 * in every font; that the drawn icons themselves are visible (the screenshots check that).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './sourceFiles';

/** Files whose emoji are texts a user shares or posts (file: why). Empty today. */
const ALLOWED: Readonly<Record<string, string>> = {};

/** Text symbols that Unicode counts as pictographic but every text font draws. */
const TEXT_SYMBOLS = new Set(['©', '®', '™']);

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (/\.(ts|tsx|css)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(relative('.', path));
  }
  return out;
}

/** The text with its JavaScript, CSS and HTML escapes of code points turned into the characters. */
function decodeEscapes(text: string): string {
  const cp = (hex: string) => {
    const n = parseInt(hex, 16);
    return n <= 0x10ffff ? String.fromCodePoint(n) : '';
  };
  return text
    .replace(/\\u\{([0-9a-fA-F]{1,6})\}/g, (_, h: string) => cp(h))
    .replace(/\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})/g, (_, hi: string, lo: string) =>
      String.fromCharCode(parseInt(hi, 16), parseInt(lo, 16)),
    )
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => cp(h))
    .replace(/&#x([0-9a-fA-F]{1,6});/g, (_, h: string) => cp(h))
    .replace(/&#([0-9]{1,7});/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/\\([0-9a-fA-F]{4,6})\s?/g, (_, h: string) => cp(h));
}

const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Presentation}\u{FE0F}]/gu;

/** Every emoji of a text as `line: character`, text symbols left out. */
function emojiIn(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of decodeEscapes(line).matchAll(EMOJI)) {
      if (!TEXT_SYMBOLS.has(m[0])) found.push(`${i + 1}: ${m[0]}`);
    }
  });
  return found;
}

describe('no emoji as an interface icon', () => {
  it('finds emoji however they are written, and leaves text symbols alone', () => {
    expect(emojiIn("{ symbol: '🏆' }")).toEqual(['1: 🏆']);
    expect(emojiIn("const a = '\\u{1F3AF}';\nconst b = '\\uD83D\\uDC4D';")).toEqual(['1: 🎯', '2: 👍']);
    expect(emojiIn(".x::before { content: '\\2B50'; }")).toEqual(['1: ⭐']);
    expect(emojiIn('<span>&#x1F4AA;</span>')).toEqual(['1: 💪']);
    expect(emojiIn("<p>© 2026 ★ ✓ ← ▾</p> '\\u00a0' '\\uFEFF'")).toEqual([]);
  });

  it('no source file of the app holds one, outside the allowlist of shared texts', () => {
    const files = [...filesUnder('src'), ...filesUnder('sw'), 'index.html'].filter((f) => !(f in ALLOWED));
    const found = files.flatMap((f) => emojiIn(readFileSync(join(ROOT, f), 'utf8')).map((e) => `${f}:${e}`));
    expect(found).toEqual([]);
  });

  it('every allowlisted file exists and still holds an emoji', () => {
    for (const f of Object.keys(ALLOWED)) expect(emojiIn(readFileSync(join(ROOT, f), 'utf8')), f).not.toEqual([]);
  });
});
