/**
 * The answer and body types of every call to the app's own API come from the endpoint in
 * src/contracts (`endpoint(method, path, shape<Answer, Body>())`), never from a type argument
 * written at the call: `apiCall<…>(` appears nowhere in src/, and a contract's types reach the
 * caller (checked by the type checker through expectTypeOf, which fails the typecheck stage).
 * The shape exists only for the type checker: at run time an endpoint is its method and path.
 *
 * Not proved: that the server's answer has that shape at run time (only the sync counters,
 * the feed's posts, challenges and trending, and the coach's answers are checked at the edge:
 * isSyncChangesResponse, communityAnswerSchemas, coach.ts's zod schemas).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AnswerOf, BodyOf } from '../../src/contracts/endpoint';
import { TOKENS_API, type MintRecord } from '../../src/contracts/tokens';
import type { PUSH_API } from '../../src/contracts/push';
import type { SubscriptionBody } from '../../src/contracts/pushSchemas';
import type { SYNC_API} from '../../src/contracts/syncChanges';
import { type SyncChangesResponse } from '../../src/contracts/syncChanges';
import { sourceFiles } from '../lint/sourceFiles';

describe('endpoint shapes', () => {
  it('a contract names what its endpoint answers and takes', () => {
    expectTypeOf<AnswerOf<typeof TOKENS_API.mine>>().toEqualTypeOf<{ mints: MintRecord[] }>();
    expectTypeOf<AnswerOf<typeof SYNC_API.changes>>().toEqualTypeOf<SyncChangesResponse>();
    expectTypeOf<BodyOf<typeof PUSH_API.keep>>().toEqualTypeOf<SubscriptionBody>();
    expectTypeOf<BodyOf<typeof SYNC_API.changes>>().toEqualTypeOf<undefined>();
    // The path keeps its literal type (Hono reads `:id` from it).
    expectTypeOf(TOKENS_API.reportMint.path).toEqualTypeOf<'/flow/mint-pattern/:id/result'>();
  });

  it('at run time an endpoint is its method and path only', () => {
    expect(Object.keys(TOKENS_API.reportMint).sort()).toEqual(['method', 'path']);
  });

  it('no call asserts an answer type: apiCall<…>( is written nowhere in src/', () => {
    const asserted = sourceFiles()
      .filter((f) => f.startsWith('src/'))
      .filter((f) => /\bapiCall<(?!E extends)/.test(readFileSync(f, 'utf8')));
    expect(asserted).toEqual([]);
  });
});
