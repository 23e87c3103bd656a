import { apiCall } from './apiCall';
import type { MintRequestInput } from '../../domain/tokens/mintInput';
import {
  TOKENS_API,
  type MintedToken,
  type MintOutcome,
  type MintRecord,
} from '../../contracts/tokens';
import type { MintResultBody } from '../../contracts/tokensSchemas';

/**
 * The pattern-token API (server/tokens; shapes in src/contracts/tokens.ts). Reads of minted tokens need only the public key;
 * mint requests and their outcomes carry the signed-in user's access token.
 */

export type { MintedToken, MintOutcome, MintRecord };

export const tokensApi = {
  requestMint: (input: MintRequestInput) =>
    apiCall(TOKENS_API.requestMint, {
      signedIn: true,
      body: input,
    }),
  report: (mintId: string, outcome: MintOutcome) =>
    apiCall(TOKENS_API.reportMint, {
      signedIn: true,
      params: { id: mintId },
      body: outcome satisfies MintResultBody,
    }),
  mine: () => apiCall(TOKENS_API.mine, { signedIn: true }),
  tokensOf: (patternIds: readonly string[]) =>
    apiCall(TOKENS_API.tokensOf, {
      signedIn: false,
      query: { patterns: patternIds },
    }),
};

// Marketplace cards ask one at a time; their asks within one tick go out as one request.
let pending: Map<string, ((tokens: MintedToken[] | null) => void)[]> | null = null;

/** The sealed and verified tokens of one pattern (null when they could not be read). */
export function tokensOfPattern(patternId: string): Promise<MintedToken[] | null> {
  return new Promise((resolve) => {
    if (!pending) {
      pending = new Map();
      setTimeout(flush, 10);
    }
    const waiting = pending.get(patternId) ?? [];
    waiting.push(resolve);
    pending.set(patternId, waiting);
  });
}

function flush(): void {
  const batch = pending;
  pending = null;
  if (!batch) return;
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    tokensApi.tokensOf(chunk).then(
      (r) => chunk.forEach((id) => batch.get(id)?.forEach((done) => done(r.tokens[id] ?? []))),
      () => chunk.forEach((id) => batch.get(id)?.forEach((done) => done(null))),
    );
  }
}
