/**
 * No direct table call outside the client and the data and sync layers: a call `x.from(…)`
 * (supabase-js's table query: `sb.from('courses').select(…)`) may appear only in
 * src/backend/ (the one client), src/data/ and src/sync/. Everywhere else a table is read
 * or written through the client's table calls (src/backend/api/restTables.ts) or an /api
 * endpoint of src/contracts. Read with the TypeScript parser, so comments and strings never
 * count; the standard library's own `from` (Array.from, Uint8Array.from, …) is no table call.
 *
 * Not proved: a table call spelled another way (`sb['from']('x')`, a destructured
 * `const { from } = sb`), nor supabase-js's `rpc(` or `storage` calls.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './sourceFiles';

/** Where a table call may be made. */
const ALLOWED = ['src/backend/', 'src/data/', 'src/sync/'];

/** Receivers whose `from` is the standard library's, not a table query. */
const STANDARD_FROM = /^(Array|Buffer|Set|Map|Object|Promise|[A-Z][A-Za-z0-9]*Array)$/;

/** The lines (1-based) of the file's `x.from(…)` calls that are not the standard library's. */
function tableCalls(path: string, text: string): number[] {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'from' &&
      !(
        ts.isIdentifier(node.expression.expression) &&
        STANDARD_FROM.test(node.expression.expression.text)
      )
    )
      lines.push(file.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return lines;
}

describe('no direct table call outside the client, data and sync', () => {
  it('src/ and sw/ make none elsewhere', () => {
    const found = sourceFiles()
      .filter((path) => !ALLOWED.some((dir) => path.startsWith(dir)))
      .flatMap((path) =>
        tableCalls(path, readFileSync(path, 'utf8')).map((line) => `${path}:${line}`),
      );
    expect(found).toEqual([]);
  });

  it('sees a table call however it is chained, not the standard library nor a comment', () => {
    const probe = (text: string) => tableCalls('x.ts', text);
    expect(
      probe("const sb = await getSupabase();\nawait sb.from('courses').select('*').eq('id', id);"),
    ).toEqual([2]);
    expect(probe("await (await getSupabase()).from('users').insert({ id });")).toEqual([1]);
    expect(probe("const q = supabase\n  .from('users')\n  .select('id, role');")).toEqual([1]);
    expect(probe("Array.from(xs); Uint8Array.from(b); Buffer.from('x'); new Set([1]);")).toEqual(
      [],
    );
    expect(probe("// sb.from('courses')\nconst s = \"sb.from('x')\";")).toEqual([]);
  });
});
