/**
 * Pattern tokens on the wire (docs/product.md § Wallets and tokens): the answers' shapes,
 * shared by the server (server/tokens/routes.ts builds them) and the app's client
 * (src/backend/api/tokensApi.ts). The mint request's rules are the domain's
 * (src/domain/tokens/mintInput.ts, mintRequestSchema), the outcome report's in ./tokensSchemas.ts.
 */
import type { MintRequestInput, PatternTokenMetadata } from '../domain/tokens/mintInput';
import type { MintResultBody } from './tokensSchemas';
import { endpoint, shape } from './endpoint';

/** The pattern-token endpoints under /api (the old /flow name stays: docs/glossary.md). */
export const TOKENS_API = Object.freeze({
  requestMint: endpoint(
    'POST',
    '/flow/mint-pattern',
    shape<{ mint: MintRecord; metadata: PatternTokenMetadata }, MintRequestInput>(),
  ),
  reportMint: endpoint(
    'POST',
    '/flow/mint-pattern/:id/result',
    shape<{ mint: MintRecord }, MintResultBody>(),
  ),
  mine: endpoint('GET', '/flow/mints', shape<{ mints: MintRecord[] }>()),
  /** ?patterns=id,… (up to 50; public) */
  tokensOf: endpoint('GET', '/flow/tokens', shape<{ tokens: Record<string, MintedToken[]> }>()),
  /** Public. */
  tokensOfPattern: endpoint('GET', '/flow/tokens/:patternId', shape<{ tokens: MintedToken[] }>()),
});

export interface MintRecord {
  id: string;
  patternId: string;
  network: string;
  recipient: string;
  copies: number;
  status: 'requested' | 'sealed' | 'verified' | 'failed';
  txId: string | null;
  tokenIds: string[];
  owner: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MintedToken {
  network: string;
  status: 'sealed' | 'verified';
  txId: string;
  tokenIds: string[];
  owner: string | null;
  mintedAt: string;
}

export type MintOutcome =
  | { status: 'sealed'; txId: string; tokenIds: string[]; owner: string | null }
  | { status: 'failed'; txId: string | null; error: string };
