/**
 * Every GraphQL document the app can send to Lens, validated by graphql-js (the version the
 * project pins) against the Lens API v3 schema that Lens publishes (./publishedSchema.ts:
 * the SDL in @lens-protocol/graphql, pinned by version and SHA-256). Before the v3 rewrite
 * none of the app's 8 documents passed (29 errors: a `challenge(request: { address })`, no
 * `comment` mutation, `posts(limit, orderBy)`, untyped scalars, no union branches).
 *
 * What this does not prove: that the live Lens API answers these documents as the schema
 * says (no Lens network is reachable here), nor which values it accepts inside a scalar.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, validate, type DocumentNode, type GraphQLUnionType } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as documents from '../../../src/wallet/lens/documents';
import {
  LENS_SDL_SHA256,
  publishedLensSchema,
  publishedLensSdl,
  sdlSha256,
} from './publishedSchema';

const schema = publishedLensSchema();
const sent = Object.entries(documents) as [string, string][];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the Lens documents against the published v3 schema', () => {
  it('reads the pinned schema text (same bytes as the SDK repository schema of 2025-08-20)', () => {
    expect(sdlSha256(publishedLensSdl())).toBe(LENS_SDL_SHA256);
    expect(schema.getMutationType()?.getFields().comment).toBeUndefined();
  });

  it('knows every document the app sends: none is written outside documents.ts', () => {
    const elsewhere = filesUnder('src').filter(
      (f) =>
        !f.endsWith(join('wallet', 'lens', 'documents.ts')) &&
        /\/\* GraphQL \*\/|^\s*(query|mutation)\s+\w+\s*[({]/m.test(readFileSync(f, 'utf8')),
    );
    expect(elsewhere).toEqual([]);
    expect(sent.length).toBeGreaterThanOrEqual(12);
  });

  it.each(sent)('%s is valid', (_name, text) => {
    const doc: DocumentNode = parse(text);
    expect(validate(schema, doc).map((e) => e.message)).toEqual([]);
    const ops = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    expect(ops).toHaveLength(1);
  });

  it('asks every union it selects for __typename, so each branch can be told apart', () => {
    for (const [name, text] of sent) {
      for (const union of [
        'AuthenticationResult',
        'PostResult',
        'FollowResult',
        'UnfollowResult',
        'TransactionStatusResult',
      ]) {
        const field = {
          AuthenticationResult: /\bauthenticate\(/,
          PostResult: /\bpost\(request: \{ contentUri/,
          FollowResult: /\bfollow\(/,
          UnfollowResult: /\bunfollow\(/,
          TransactionStatusResult: /\btransactionStatus\(/,
        }[union]!;
        if (!field.test(text)) continue;
        const members = (schema.getType(union) as GraphQLUnionType).getTypes().map((t) => t.name);
        expect(text, `${name} selects __typename`).toMatch(/__typename/);
        for (const m of members) expect(text, `${name} handles ${m}`).toContain(`... on ${m}`);
      }
    }
  });
});
