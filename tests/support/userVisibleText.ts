/**
 * The text a user can read, gathered from the source: JSX text, and string and template
 * literals that read as words (a space in them, or a capital first letter), from every
 * module under src/ (the page) and server/ (its error messages reach the page), plus the
 * documents that ship (index.html, the web manifest). Comments, import paths, class names,
 * test ids and identifier-like strings ('favourite-tab', 'pneuma.theme') are left out; a lone
 * lowercase word is kept where it reads as a noun: a branch of a conditional or an argument
 * of plural() (n === 1 ? 'enrollment' : 'enrollments').
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface VisibleText {
  /** Repository-relative path and line, e.g. 'src/features/home/HomeScreen.tsx:12'. */
  where: string;
  text: string;
}

const ROOT = new URL('../../', import.meta.url).pathname;

/** Attributes whose value is never read by a person. */
const HIDDEN_ATTRIBUTES = new Set(['className', 'data-testid', 'id', 'href', 'to', 'type', 'name', 'key', 'htmlFor', 'rel', 'target', 'role', 'autoComplete', 'inputMode', 'method', 'src', 'd', 'viewBox', 'fill', 'stroke']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name === 'node_modules' || name === 'dev') continue;
      out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(name) && !/\.d\.ts$|\.gen\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** A literal that reads as words rather than a key, a path or a class list. */
function readsAsWords(text: string): boolean {
  const t = text.trim();
  if (!/[A-Za-z]{2}/.test(t)) return false;
  if (/^[a-z0-9_.:/#?=&-]+$/.test(t)) return false; // an identifier, key, path or class
  return /\s/.test(t) || /^[A-Z][a-z]/.test(t);
}

function attributeName(node: ts.Node): string | undefined {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isJsxAttribute(n)) return n.name.getText();
    if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n) || ts.isBlock(n)) return undefined;
  }
  return undefined;
}

function fromModule(path: string): VisibleText[] {
  const code = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: VisibleText[] = [];
  const add = (node: ts.Node, text: string) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    out.push({ where: `${relative(ROOT, path)}:${line}`, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxText(node)) {
      if (node.text.trim()) add(node, node.text.replace(/\s+/g, ' ').trim());
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const attr = attributeName(node);
      const isKey = ts.isPropertyAssignment(node.parent) && node.parent.name === node;
      // A code, not text: a type, a case, a comparison, a discriminant ('kind', 'status').
      const isCode =
        ts.isLiteralTypeNode(node.parent) ||
        ts.isCaseClause(node.parent) ||
        (ts.isBinaryExpression(node.parent) && /^[=!]==?$/.test(node.parent.operatorToken.getText())) ||
        (ts.isPropertyAssignment(node.parent) && /^(kind|status|type|state|mode)$/.test(node.parent.name.getText()));
      const isCall = ts.isCallExpression(node.parent) && /^(require|import|querySelector|querySelectorAll|getItem|setItem|removeItem|matchMedia|addEventListener|removeEventListener)$/.test(node.parent.expression.getText().split('.').pop() ?? '');
      const noun =
        /^[a-z]{3,}$/.test(node.text) &&
        (ts.isConditionalExpression(node.parent) ||
          (ts.isCallExpression(node.parent) && /^plural/i.test(node.parent.expression.getText())));
      if (!isKey && !isCode && !isCall && !(attr && HIDDEN_ATTRIBUTES.has(attr)) && (noun || readsAsWords(node.text) || (ts.isTemplateLiteralToken(node) && /^\s+[a-z]|[a-z]\s+$/.test(node.text)))) add(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The text of a shipped document, a line at a time (markup tags dropped). */
function fromDocument(path: string): VisibleText[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line, i) => ({ where: `${relative(ROOT, path)}:${i + 1}`, text: line.replace(/<[^>]*>/g, ' ') }))
    .filter((l) => /[A-Za-z]{2}/.test(l.text));
}

export function userVisibleText(): VisibleText[] {
  return [
    ...sourceFiles(join(ROOT, 'src')).flatMap(fromModule),
    ...sourceFiles(join(ROOT, 'server')).flatMap(fromModule),
    ...['index.html', 'manifest.webmanifest'].flatMap((f) => fromDocument(join(ROOT, f))),
  ];
}
