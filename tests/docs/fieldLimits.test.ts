/**
 * Text cut at a field's limit says so (docs/product.md § Around the practice, issue 31): a
 * control with a `maxLength` is one of src/ui/Field.tsx's Field or TextAreaField, which tell
 * the person at the limit 'That is the limit: N characters. Anything longer is cut.' (its
 * behaviour: tests/ui/field.test.tsx). A bare <input maxLength> or <textarea maxLength>
 * would cut a paste in silence.
 *
 * Does not prove: a limit enforced some other way (slicing in an onChange, a server-side
 * cut) tells the person; those are not `maxLength`s and this test does not see them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const SPEAKING = new Set(['Field', 'TextAreaField']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.tsx') ? [path] : [];
  });
}

function silentLimits(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && !SPEAKING.has(node.tagName.getText())) {
      const limited = node.attributes.properties.some((a) => ts.isJsxAttribute(a) && a.name.getText() === 'maxLength');
      if (limited) out.push(`${relative(ROOT, path)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1} <${node.tagName.getText()} maxLength>`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

describe('a field limit', () => {
  it('is set only on controls that say when text is cut there', () => {
    const silent = files(join(ROOT, 'src')).filter((p) => !p.endsWith('src/ui/Field.tsx')).flatMap(silentLimits);
    expect(silent).toEqual([]);
  });
});
