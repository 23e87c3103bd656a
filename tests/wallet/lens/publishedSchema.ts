/**
 * The Lens API v3 schema as Lens publishes it: the SDL inside `@lens-protocol/graphql`
 * (pinned exactly in package.json, 0.0.0-canary-20250820102520; its `dist/test-utils.cjs`
 * builds the SDK's own test schema from the same text as the SDK repository's
 * packages/graphql/schema.graphql). The package's `./schema` export is a minified
 * introspection for gql.tada (argument and input types erased to `Any`), too weak to validate
 * against, so the SDL is read out of test-utils instead: the module is run with a `graphql`
 * whose `buildSchema` hands back its argument, and the project's graphql-js (17.1.0) builds
 * the schema. The text's SHA-256 is checked, so a changed package cannot pass silently.
 *
 * Custom scalars are given the input checks their names promise (EvmAddress, UUID, TxHash,
 * URI, PostId), so a value the real API would refuse is refused here too; the real API's own
 * checks are not published and may be stricter.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { buildSchema, GraphQLError, type GraphQLScalarType, type GraphQLSchema } from 'graphql';

export const LENS_GRAPHQL_PACKAGE = '@lens-protocol/graphql@0.0.0-canary-20250820102520';
/**
 * SHA-256 of the SDL text in that package version: the same bytes as the SDK repository's
 * packages/graphql/schema.graphql at its change of 2025-08-20 (592a72c), checked when pinned.
 */
export const LENS_SDL_SHA256 = 'c77e3843f7f211de49a6789a9bca05474f4369f5f1d0c5fb877a47e7b2786633';

let sdl: string | undefined;

/** The published SDL text (read once). */
export function publishedLensSdl(): string {
  if (sdl !== undefined) return sdl;
  const require = createRequire(import.meta.url);
  const file = require.resolve('@lens-protocol/graphql/test-utils');
  const source = readFileSync(file.replace(/\.js$/, '.cjs'), 'utf8');
  let captured: string | undefined;
  const fakeRequire = (name: string) => {
    if (name !== 'graphql') throw new Error(`unexpected require(${name})`);
    return {
      buildSchema: (text: string) => {
        captured = text;
        return null;
      },
    };
  };
  new Function('require', 'exports', 'module', source)(fakeRequire, {}, { exports: {} });
  if (typeof captured !== 'string') throw new Error(`No SDL found in ${LENS_GRAPHQL_PACKAGE}`);
  sdl = captured;
  return sdl;
}

export function sdlSha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const CHECKS: Record<string, { test: (v: string) => boolean; what: string }> = {
  EvmAddress: {
    test: (v) => /^0x[0-9a-fA-F]{40}$/.test(v),
    what: 'an EVM address (0x and 40 hex digits)',
  },
  UUID: {
    test: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
    what: 'a UUID',
  },
  TxHash: {
    test: (v) => /^0x[0-9a-fA-F]{64}$/.test(v),
    what: 'a transaction hash (0x and 64 hex digits)',
  },
  URI: { test: (v) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(v), what: 'a URI' },
  PostId: { test: (v) => /^\d+$/.test(v), what: 'a post id (decimal digits)' },
};

function strictScalar(
  type: GraphQLScalarType,
  check: { test: (v: string) => boolean; what: string },
) {
  const coerce = (value: unknown) => {
    if (typeof value !== 'string' || !check.test(value))
      throw new GraphQLError(`${type.name} must be ${check.what}: ${JSON.stringify(value)}`);
    return value;
  };
  const t = type as unknown as Record<string, unknown>;
  t.parseValue = coerce;
  t.coerceInputValue = coerce;
}

/** The published schema, built by the project's graphql-js, with checked custom scalars. */
export function publishedLensSchema(): GraphQLSchema {
  const schema = buildSchema(publishedLensSdl());
  for (const [name, check] of Object.entries(CHECKS)) {
    const type = schema.getType(name);
    if (type) strictScalar(type as GraphQLScalarType, check);
  }
  return schema;
}
