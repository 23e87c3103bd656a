/**
 * Which exports of src/ and sw/ are imported somewhere: a syntactic scan with the
 * TypeScript parser (no type checker, so it runs in seconds). Every `import`, `import type`
 * and `export ... from` in the repository's code (src, sw, server, tests, e2e, bench,
 * scripts, the root configs) counts; a re-export forwards the use to the module it names;
 * a namespace import, a side-effect import and a dynamic `import('…')` (whose members are
 * read at run time) count as using all of that module.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = process.cwd();
const SCANNED = ['src', 'sw', 'server', 'tests', 'e2e', 'e2e-engines', 'bench', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'test-results', 'bench-results']);

function filesUnder(dir: string, out: string[] = []): string[] {
  if (!existsSync(join(ROOT, dir))) return out;
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) filesUnder(path, out);
    } else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The repository file a relative specifier names, or null (a package, or not found). */
function resolveSpecifier(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(ROOT, dirname(from), spec.replace(/\?.*$/, ''));
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate);
    // import './x.js' of a TypeScript file
    const ts = candidate.replace(/\.js$/, '.ts');
    if (ts !== candidate && existsSync(ts)) return relative(ROOT, ts);
  }
  return null;
}

/** What an export is: a type, a function, a class, or another value (a constant). */
export type ExportKind = 'type' | 'function' | 'class' | 'value';

interface ModuleFacts {
  /** Names this file exports ('default' included). */
  exports: Set<string>;
  /** Declared at the top level here (exported or not): name -> its kind. */
  kinds: Map<string, ExportKind>;
  /** `export { a as b }` without `from`: exported name -> local name. */
  exportedLocals: Map<string, string>;
  /** Imported bindings: local name -> [target file, name there]. */
  importedAs: Map<string, [string, string]>;
  /** Re-exports: exported name here -> [target file, name there]. */
  forwards: Map<string, [string, string]>;
  /** `export * from`: the target files. */
  starFrom: string[];
  /** Identifier counts (src/ and sw/ files only). */
  identifiers?: Map<string, number>;
}

export interface ExportUse {
  /** file -> its exported names. */
  exports: Map<string, Set<string>>;
  /** file -> names some other file imports (after forwarding through barrels). */
  used: Map<string, Set<string>>;
  /** file -> names imported only by files under tests/ (and e2e/, bench/). */
  usedByTestsOnly: Map<string, Set<string>>;
  /** file -> exported names its own code also refers to (beyond the declaration). */
  usedLocally: Map<string, Set<string>>;
  /** file -> name -> kind, for the exports declared in that file. */
  kinds: Map<string, Map<string, ExportKind>>;
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function isDefault(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
}

/**
 * The kind of `export const x = …`: a function or class written as a value (`() => …`,
 * `class …`), else a value. `const f = g` (an alias) counts as a value: the scan has no
 * type checker.
 */
function valueKind(init: ts.Expression | undefined): ExportKind {
  while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)))
    init = init.expression;
  if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) return 'function';
  if (init && ts.isClassExpression(init)) return 'class';
  return 'value';
}

/** How often each identifier occurs in the file's code (comments and strings left out). */
function identifierCounts(source: ts.SourceFile): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return counts;
}

export function scanExportUse(): ExportUse {
  const files = [
    ...SCANNED.flatMap((d) => filesUnder(d)),
    ...readdirSync(ROOT).filter((f) => /\.(ts|mts|js|mjs)$/.test(f)),
  ];
  const facts = new Map<string, ModuleFacts>();
  /** [importer, target, name | '*'] */
  const imports: [string, string, string][] = [];

  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const mine: ModuleFacts = {
      exports: new Set(),
      kinds: new Map(),
      exportedLocals: new Map(),
      importedAs: new Map(),
      forwards: new Map(),
      starFrom: [],
    };
    facts.set(file, mine);
    const noteImport = (target: string | null, name: string) => {
      if (target) imports.push([file, target, name]);
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolveSpecifier(file, node.moduleSpecifier.text);
        const clause = node.importClause;
        if (!clause) noteImport(target, '*'); // side-effect import: nothing named
        else {
          if (clause.name) noteImport(target, 'default');
          const bindings = clause.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) noteImport(target, '*');
          if (bindings && ts.isNamedImports(bindings))
            for (const el of bindings.elements) {
              noteImport(target, (el.propertyName ?? el.name).text);
              if (target) mine.importedAs.set(el.name.text, [target, (el.propertyName ?? el.name).text]);
            }
        }
      } else if (ts.isExportDeclaration(node)) {
        const target = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? resolveSpecifier(file, node.moduleSpecifier.text) : null;
        if (!node.exportClause) {
          if (target) mine.starFrom.push(target);
        } else if (ts.isNamespaceExport(node.exportClause)) {
          mine.exports.add(node.exportClause.name.text);
          if (target) mine.forwards.set(node.exportClause.name.text, [target, '*']);
        } else {
          for (const el of node.exportClause.elements) {
            const local = (el.propertyName ?? el.name).text;
            mine.exports.add(el.name.text);
            if (target) mine.forwards.set(el.name.text, [target, local]);
            else mine.exportedLocals.set(el.name.text, local);
          }
        }
      } else if (ts.isExportAssignment(node)) {
        mine.exports.add('default');
      } else {
        // Every top-level declaration's kind (an `export { x }` list may name it later).
        const exported = isExported(node);
        if (exported && isDefault(node)) mine.exports.add('default');
        else if (ts.isVariableStatement(node)) {
          for (const d of node.declarationList.declarations)
            if (ts.isIdentifier(d.name)) {
              if (exported) mine.exports.add(d.name.text);
              mine.kinds.set(d.name.text, valueKind(d.initializer));
            }
        } else if (
          (ts.isFunctionDeclaration(node) ||
            ts.isClassDeclaration(node) ||
            ts.isInterfaceDeclaration(node) ||
            ts.isTypeAliasDeclaration(node) ||
            ts.isEnumDeclaration(node)) &&
          node.name
        ) {
          if (exported) mine.exports.add(node.name.text);
          const kind: ExportKind =
            ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)
              ? 'type'
              : ts.isEnumDeclaration(node)
                ? 'value'
                : ts.isClassDeclaration(node)
                  ? 'class'
                  : 'function';
          mine.kinds.set(node.name.text, kind);
        }
      }
    };
    source.statements.forEach(visit);
    // import('…') anywhere in the file
    for (const m of text.matchAll(/\bimport\(\s*['"`]([^'"`$]+)['"`]\s*\)/g)) noteImport(resolveSpecifier(file, m[1]!), '*');
    if (/^(src|sw)\//.test(file)) mine.identifiers = identifierCounts(source);
  }

  const isTestSide = (file: string) => /^(tests|e2e|e2e-engines|bench)\//.test(file);
  const used = new Map<string, Set<string>>();
  const usedByApp = new Map<string, Set<string>>();
  const mark = (map: Map<string, Set<string>>, file: string, name: string, seen = new Set<string>()) => {
    const key = `${file}#${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    const f = facts.get(file);
    if (!f) return;
    const names = name === '*' ? [...f.exports, ...f.forwards.keys()] : [name];
    for (const n of names) {
      let set = map.get(file);
      if (!set) map.set(file, (set = new Set()));
      set.add(n);
      const forward = f.forwards.get(n);
      if (forward) mark(map, forward[0], forward[1], seen);
    }
    for (const star of f.starFrom) {
      const target = facts.get(star);
      if (!target) continue;
      if (name === '*') mark(map, star, '*', seen);
      else if (target.exports.has(name) || target.forwards.has(name)) mark(map, star, name, seen);
    }
  };
  for (const [importer, target, name] of imports) {
    if (importer === target) continue;
    mark(used, target, name);
    if (!isTestSide(importer)) mark(usedByApp, target, name);
  }

  const exports = new Map<string, Set<string>>();
  const usedByTestsOnly = new Map<string, Set<string>>();
  const usedLocally = new Map<string, Set<string>>();
  const kinds = new Map<string, Map<string, ExportKind>>();
  /** The kind of `name` as declared, following re-exports to the declaring file. */
  const kindOf = (file: string, name: string, depth = 0): ExportKind | undefined => {
    const f = facts.get(file);
    if (!f || depth > 20) return undefined;
    const declared = f.kinds.get(name);
    if (declared) return declared;
    const forward = f.forwards.get(name);
    if (forward && forward[1] !== '*') return kindOf(forward[0], forward[1], depth + 1);
    const local = f.exportedLocals.get(name);
    if (local !== undefined) {
      const declaredLocally = f.kinds.get(local);
      if (declaredLocally) return declaredLocally;
      const imported = f.importedAs.get(local);
      if (imported) return kindOf(imported[0], imported[1], depth + 1);
    }
    for (const star of f.starFrom) {
      const found = kindOf(star, name, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  for (const [file, f] of facts) {
    if (!/^(src|sw)\//.test(file)) continue;
    exports.set(file, f.exports);
    const fileKinds = new Map(f.kinds);
    for (const name of [...f.forwards.keys(), ...f.exportedLocals.keys()]) {
      const kind = kindOf(file, name);
      if (kind) fileKinds.set(name, kind);
    }
    kinds.set(file, fileKinds);
    const seen = f.identifiers ?? new Map<string, number>();
    const local = new Set([...f.exports].filter((n) => n !== 'default' && (seen.get(n) ?? 0) > 1));
    usedLocally.set(file, local);
    const testOnly = new Set([...(used.get(file) ?? [])].filter((n) => !usedByApp.get(file)?.has(n)));
    if (testOnly.size) usedByTestsOnly.set(file, testOnly);
  }
  return { exports, used, usedByTestsOnly, usedLocally, kinds };
}

/**
 * "file: name" of every export of src/ and sw/ that nothing imports; with `deadOnly`, only
 * those its own file does not use either (dead code, not merely an export too many).
 */
export function unusedExports(scan: ExportUse = scanExportUse(), deadOnly = false): string[] {
  const out: string[] = [];
  for (const [file, names] of scan.exports)
    for (const name of names)
      if (!scan.used.get(file)?.has(name) && !(deadOnly && scan.usedLocally.get(file)?.has(name)))
        out.push(`${file}: ${name}`);
  return out.sort();
}

/** "file: name" of every export of src/ and sw/ imported only by tests. */
export function testOnlyExports(scan: ExportUse = scanExportUse()): string[] {
  const out: string[] = [];
  for (const [file, names] of scan.usedByTestsOnly) for (const name of names) out.push(`${file}: ${name}`);
  return out.sort();
}

/** The kind of an export declared in `file` ('value' for a re-export or a default). */
export function exportKind(scan: ExportUse, file: string, name: string): ExportKind {
  return scan.kinds.get(file)?.get(name) ?? 'value';
}
