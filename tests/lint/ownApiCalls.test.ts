/**
 * Every call of the app to its own backend (/api, /rest/v1) goes through the one client in
 * src/backend (apiCall and the request helper for the page; backend/api/backendCall.ts
 * for sync, which the service worker runs too): a file elsewhere that calls `fetch(` (bare
 * or as `x.fetch(`) and names an own-API path, the configured backend URL or a base URL
 * fails here. Read with the TypeScript parser, so comments never count (as calls or as paths).
 * The client's modules live in one folder: apiCall (the page's one call to /api) is imported
 * only by src/backend/api/, one module per concept there.
 * One live-query hook: dexie-react-hooks' useLiveQuery is imported nowhere (useLocalQuery,
 * src/data/useLocalQuery.ts, is the one).
 *
 * Not proved: a call built so that neither the fetch nor the path is visible in its own
 * file (a fetch passed in from elsewhere with a path from a variable of another module);
 * supabase-js's own requests (they go through resilientFetch by construction).
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './sourceFiles';

/** The one client. */
const CLIENT = 'src/backend/';

/** Files allowed a plain fetch of an own path, and why. */
const ALLOWED: Record<string, string> = {
  // The desktop panel measures the bare round trip: the request helper's retries would skew it.
  'src/features/desktop-panel/measure.ts': 'latency measurement',
};

/** An own path in a string, or the configured backend / a base URL by name. */
const OWN_PATH = /\/api(\/|$)|\/rest\/v1/;
const OWN_NAMES = new Set(['getConfig', 'baseUrl']);

/** How many fetch calls the file makes, and whether its code (not comments) names an own path. */
function scan(path: string, text: string): { calls: number; ownPath: boolean } {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  let calls = 0;
  let ownPath = false;
  const visit = (node: ts.Node) => {
    // A module specifier ('../backend/api/x') is no request path.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        (ts.isIdentifier(callee) && callee.text === 'fetch') ||
        (ts.isPropertyAccessExpression(callee) && callee.name.text === 'fetch')
      )
        calls += 1;
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) ownPath ||= OWN_PATH.test(node.text);
    if (ts.isIdentifier(node) && OWN_NAMES.has(node.text)) ownPath = true;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { calls, ownPath };
}

/** Files outside the client that fetch and name an own path. */
function ownApiBypasses(files: readonly string[]): string[] {
  return files.filter((path) => {
    if (path.startsWith(CLIENT) || path in ALLOWED) return false;
    const { calls, ownPath } = scan(path, readFileSync(path, 'utf8'));
    return calls > 0 && ownPath;
  });
}

describe('one client for the app’s own API', () => {
  it('no file outside src/backend fetches an own-API path', () => {
    expect(ownApiBypasses(sourceFiles())).toEqual([]);
  });

  it('sees a bypass in a bare or member fetch, not in a comment or refetch()', () => {
    const probe = (text: string) => scan('x.ts', text);
    expect(probe('const url = `${getConfig().apiUrl}/api/time`;\nawait fetch(url);')).toEqual({ calls: 1, ownPath: true });
    expect(probe("await request.fetch('/rest/v1/sessions');")).toEqual({ calls: 1, ownPath: true });
    expect(probe('// fetch(\'/api/x\')\nq.refetch(); const s = "fetch(";')).toEqual({ calls: 0, ownPath: false });
    expect(probe("await fetch(STORAGE_URL); // not /api/x")).toEqual({ calls: 1, ownPath: false });
    expect(probe("import { x } from '../../backend/api/communityApi';\nawait list.fetch(); await import('../backend/api/y');")).toEqual({ calls: 1, ownPath: false });
  });

  it('apiCall is imported only inside src/backend/api (one folder for the own API client)', () => {
    const outside = sourceFiles().filter(
      (path) => !path.startsWith('src/backend/api/') && /from ['"][^'"]*\/apiCall['"]/.test(readFileSync(path, 'utf8')),
    );
    expect(outside).toEqual([]);
  });

  it('no own-API path is written outside src/contracts (every path comes from an endpoint there)', () => {
    // A string or template in code (not a comment) starting with /api/ or exactly /api.
    const literals = (path: string): boolean => {
      const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      let found = false;
      const visit = (node: ts.Node) => {
        if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
        if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && /^\/api(\/|$)/.test(node.text)) found = true;
        ts.forEachChild(node, visit);
      };
      visit(file);
      return found;
    };
    // Not proved: a path assembled from pieces ('/a' + 'pi/x'), or one in a comment (not a call).
    expect(sourceFiles().filter((path) => !path.startsWith('src/contracts/') && literals(path))).toEqual([]);
  });

  it('one live-query hook: dexie-react-hooks is imported nowhere', () => {
    const users = sourceFiles().filter((path) => /from ['"]dexie-react-hooks['"]/.test(readFileSync(path, 'utf8')));
    expect(users).toEqual([]);
  });
});
