/**
 * Achievement rarities (common, rare, epic…) reach the screen only when computed from real
 * data (docs/product.md § Around the practice, issue 31). None is: src/domain/achievements.ts
 * assigns them by fixed thresholds, not from how many members hold an achievement. So no
 * screen (src/features, src/routes) reads an achievement's rarity.
 *
 * Does not prove: that a rarity word is not written into a screen's text by hand (the
 * one-voice test reads that text; this test reads the code's use of the field).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every place a screen's code names `rarity` (a property read, a destructured field). */
function rarityUses(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && /^rarity$/i.test(node.text)) {
      out.push(`${relative(ROOT, path)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

describe('achievement rarities', () => {
  it('no screen shows one: none is computed from real data', () => {
    const uses = ['src/features', 'src/routes'].flatMap((d) => files(join(ROOT, d))).flatMap(rarityUses);
    expect(uses).toEqual([]);
  });
});
