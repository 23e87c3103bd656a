/**
 * Every Cadence file in src/flow/cadence passes the Cadence parser (@onflow/cadence-parser
 * 1.0.0-preview.50: the Cadence 1.0 parser compiled to WebAssembly, run offline from the
 * package's own .wasm), and the parsed contract has the shape the product needs (the
 * ExternalURL view, editions per creator), read from its syntax tree.
 * NO CADENCE 1.0 TYPE CHECKER RUNS HERE, so none of this proves the files type-check,
 * deploy or behave on a Flow node: syntax only, no type checking, no entitlement or
 * resource-loss checks, no execution. No Cadence 1.0 checker is on npm or Debian: the Flow CLI
 * (`flow cadence lint`) is a Go binary downloaded from GitHub, and the newest
 * @onflow/cadence-language-server on npm (0.33.3, which type-checks) predates Cadence 1.0:
 * tried here, it rejects the official NonFungibleToken's own `access(NonFungibleToken.Withdraw)`
 * and `view init`, so it cannot check these files. This parser build predates string templates ("\(x)"), so the files use
 * concat() instead. The same parser is run on the official NonFungibleToken interface text
 * in the test below, to show it reads Cadence 1.0 (entitlements, access(all), views).
 */
import { CadenceParser } from '@onflow/cadence-parser';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../../src/flow/cadence/', import.meta.url).pathname;
const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.cdc'))
  .sort();

interface ParseResult {
  program?: unknown;
  error?: { Errors?: { Message: string; Pos: { Line: number; Column: number } }[] } | null;
}

let parser: CadenceParser;

beforeAll(async () => {
  // The package exports only its JS entry: find the .wasm next to it.
  const entry = createRequire(import.meta.url).resolve('@onflow/cadence-parser');
  const wasm = join(entry.slice(0, entry.lastIndexOf('/dist/')), 'dist/cadence-parser.wasm');
  parser = await CadenceParser.create(readFileSync(wasm));
});

function errors(source: string): string[] {
  const r = parser.parse(source) as ParseResult;
  return (r.error?.Errors ?? []).map((e) => `${e.Pos.Line}:${e.Pos.Column} ${e.Message}`);
}

describe('Cadence files parse', () => {
  it('finds the contract, the transactions and the scripts', () => {
    expect(files).toEqual([
      'contracts/BreathingPatternNFT.cdc',
      'scripts/get_account_info.cdc',
      'scripts/get_collection_ids.cdc',
      'scripts/get_collection_length.cdc',
      'scripts/get_pattern_metadata.cdc',
      'scripts/is_account_ready.cdc',
      'scripts/list_patterns.cdc',
      'transactions/batch_mint_pattern.cdc',
      'transactions/mint_pattern.cdc',
      'transactions/setup_account.cdc',
      'transactions/transfer_pattern.cdc',
    ]);
  });

  it.each(files)('%s has no syntax errors', (file) => {
    expect(errors(readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });

  it('reports a real syntax error (the parser is not a no-op)', () => {
    expect(errors('access(all) contract X { access(all) fun ( }')[0]).toMatch(
      /expected identifier/,
    );
  });

  it('reads Cadence 1.0: entitlements and an auth reference', () => {
    const src = `access(all) contract interface I {
      access(all) entitlement Withdraw
      access(all) resource interface Provider {
        access(Withdraw) fun withdraw(withdrawID: UInt64): @AnyResource
      }
    }
    transaction { prepare(signer: auth(BorrowValue) &Account) {} }`;
    expect(errors(src)).toEqual([]);
  });
});

type Node = Record<string, unknown>;

/** Every node of a parsed program that matches. */
function nodes(n: unknown, match: (x: Node) => boolean, out: Node[] = []): Node[] {
  if (Array.isArray(n)) n.forEach((x) => nodes(x, match, out));
  else if (n && typeof n === 'object') {
    if (match(n as Node)) out.push(n as Node);
    Object.values(n).forEach((x) => nodes(x, match, out));
  }
  return out;
}
const nameOf = (n: Node): string | undefined => (n.Identifier as { Identifier?: string } | undefined)?.Identifier;
const declaration = (tree: unknown, type: string, name: string): Node[] =>
  nodes(tree, (x) => x.Type === type && nameOf(x) === name);
const tree = (file: string): unknown =>
  (parser.parse(readFileSync(join(root, file), 'utf8')) as ParseResult).program;
/** A member access `Outer.inner` (e.g. MetadataViews.ExternalURL) anywhere under n. */
const mentions = (n: unknown, outer: string, inner: string) =>
  nodes(
    n,
    (x) =>
      (x.Type === 'MemberExpression' &&
        nameOf(x.Expression as Node) === outer &&
        nameOf(x) === inner) ||
      (x.Type === 'NominalType' && nameOf(x) === outer &&
        (x.NestedIdentifiers as { Identifier: string }[] | null)?.[0]?.Identifier === inner),
  ).length > 0;

describe('the contract, read from its syntax tree', () => {
  const contract = () => tree('contracts/BreathingPatternNFT.cdc');

  it('lists MetadataViews.ExternalURL among the NFT views and resolves it from the token’s own URL, as ExampleNFT does', () => {
    const getViews = declaration(contract(), 'FunctionDeclaration', 'getViews');
    expect(getViews.some((f) => mentions(f, 'MetadataViews', 'ExternalURL'))).toBe(true);
    const [resolveView] = declaration(contract(), 'FunctionDeclaration', 'resolveView');
    const returnsUrl = nodes(resolveView, (x) => x.Type === 'ReturnStatement').filter(
      (r) =>
        mentions(r, 'MetadataViews', 'ExternalURL') &&
        nodes(r, (x) => x.Type === 'MemberExpression' && nameOf(x) === 'externalURL' && nameOf(x.Expression as Node) === 'self').length > 0,
    );
    expect(returnsUrl).toHaveLength(1);
    // The URL is a field of the token, given at mint.
    expect(declaration(contract(), 'FieldDeclaration', 'externalURL')).toHaveLength(1);
    const [mint] = declaration(contract(), 'FunctionDeclaration', 'mintPattern');
    const params = ((mint!.ParameterList as { Parameters: Node[] }).Parameters).map(nameOf);
    expect(params).toContain('externalURL');
  });

  it('numbers editions per creator and pattern: the counter is keyed by the minter’s owner, then the pattern id', () => {
    const [field] = declaration(contract(), 'FieldDeclaration', 'editionsByCreator');
    const type = (field!.TypeAnnotation as { AnnotatedType: Node }).AnnotatedType;
    expect(type.Type).toBe('DictionaryType');
    expect(nameOf(type.KeyType as Node)).toBe('Address');
    expect((type.ValueType as Node).Type).toBe('DictionaryType');
    expect(nameOf((type.ValueType as Node).KeyType as Node)).toBe('String');
    expect(declaration(contract(), 'FieldDeclaration', 'editionsByPattern')).toEqual([]);

    const [mint] = declaration(contract(), 'FunctionDeclaration', 'mintPattern');
    const counter = nodes(
      mint,
      (x) => x.Type === 'IndexExpression' && nameOf(x.TargetExpression as Node) === 'editionsByCreator',
    );
    expect(counter.length).toBeGreaterThanOrEqual(2); // read and write back
    for (const c of counter) expect(nameOf(c.IndexingExpression as Node)).toBe('creator');
    // `creator` is the minter's owner, so one account's mints never number another's.
    const [creatorDecl] = nodes(mint, (x) => x.Type === 'VariableDeclaration' && nameOf(x) === 'creator');
    expect(
      nodes(creatorDecl, (x) => x.Type === 'MemberExpression' && nameOf(x) === 'owner' && nameOf(x.Expression as Node) === 'self'),
    ).not.toHaveLength(0);
    const perPattern = nodes(mint, (x) => x.Type === 'IndexExpression' && nameOf(x.TargetExpression as Node) === 'editions');
    expect(perPattern.map((x) => nameOf(x.IndexingExpression as Node))).toEqual(['patternId', 'patternId']);
  });

  it('the metadata script reads the ExternalURL view through MetadataViews.getExternalURL', () => {
    const script = tree('scripts/get_pattern_metadata.cdc');
    expect(mentions(script, 'MetadataViews', 'getExternalURL')).toBe(true);
    expect(declaration(script, 'FieldDeclaration', 'externalURL')).toHaveLength(1);
  });
});

describe('what the contract declares', () => {
  const contract = () => readFileSync(join(root, 'contracts/BreathingPatternNFT.cdc'), 'utf8');

  it('implements the standards and only the owner can withdraw', () => {
    const c = contract();
    expect(c).toMatch(/access\(all\) contract BreathingPatternNFT: NonFungibleToken \{/);
    expect(c).toMatch(/access\(NonFungibleToken\.Withdraw\) fun withdraw\(withdrawID: UInt64\)/);
    // The published capability is an unentitled reference: nobody else can withdraw through it.
    expect(c).toMatch(/capabilities\.storage\.issue<&BreathingPatternNFT\.Collection>/);
    expect(c).not.toMatch(/issue<auth\(/);
    for (const view of [
      'Display',
      'Royalties',
      'Editions',
      'ExternalURL',
      'Serial',
      'Traits',
      'NFTCollectionData',
      'NFTCollectionDisplay',
    ])
      expect(c).toContain(`Type<MetadataViews.${view}>()`);
  });

  it('the transfer borrows the signer’s own collection with the Withdraw entitlement', () => {
    const t = readFileSync(join(root, 'transactions/transfer_pattern.cdc'), 'utf8');
    expect(t).toContain(
      'signer.storage.borrow<auth(NonFungibleToken.Withdraw) &BreathingPatternNFT.Collection>',
    );
  });
});
