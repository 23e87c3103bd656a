import { Hono } from 'hono';
import { z } from 'zod';
import { apiError, jsonBody, validationFailed, asApiCaller } from '../api/respond';
import type { Db, Tx } from '../db/types';
import { publicOrigin } from '../http';
import type { ListingRow } from '../marketplace/rows';
import { runAsApi } from '../rest/transaction';
import type { Secrets } from '../secrets';
import {
  buildTokenMetadata,
  patternMarketplaceUrl,
  mintRequestSchema,
} from '../../src/domain/tokens/mintInput';
import { flowVerifierFromEnv, verifyMint, type FlowVerifier } from './verify';
import { TOKENS_API, type MintedToken, type MintRecord } from '../../src/contracts/tokens';
import { mintResultSchema } from '../../src/contracts/tokensSchemas';

/** Anyone may read pattern tokens (a guest too); minting needs a signed-in user. */
const FLOW_READER = { guests: true, signIn: 'Not authenticated: sign in to mint pattern tokens' } as const;
const FLOW_MINTER = { ...FLOW_READER, guests: false } as const;

export interface TokenDeps {
  db: Db;
  secrets: Secrets;
  /** The server's own check on Flow; default from PNEUMA_FLOW_* (see ./verify.ts); null = off. */
  verifier?: FlowVerifier | null;
}

type PatternRow = Pick<
  ListingRow,
  | 'id'
  | 'creator_id'
  | 'name'
  | 'description'
  | 'inhale'
  | 'hold'
  | 'exhale'
  | 'hold_after_exhale'
  | 'category'
  | 'difficulty'
> & {
  unpublished_at: string | null;
};

interface TokenRow {
  id: string;
  pattern_id: string;
  network: string;
  recipient: string;
  copies: number;
  metadata: Record<string, unknown>;
  status: string;
  tx_id: string | null;
  token_ids: string[];
  owner_address: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

const TOKEN_COLUMNS =
  'id, pattern_id, network, recipient, copies, metadata, status, tx_id, token_ids, owner_address, error, created_at, updated_at';

const mintJson = (r: TokenRow): MintRecord => ({
  id: r.id,
  patternId: r.pattern_id,
  network: r.network,
  recipient: r.recipient,
  copies: r.copies,
  // The table's check constraint allows these statuses only.
  status: r.status as MintRecord['status'],
  txId: r.tx_id,
  tokenIds: r.token_ids,
  owner: r.owner_address,
  error: r.error,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * Pattern tokens on Flow, mounted at /api (docs/product.md § Wallets and tokens):
 *   POST /flow/mint-pattern {patternId, network, recipient, royalties, tags?, totalCycles?, copies?}
 *        -> 201 {mint, metadata}: the caller must be the creator of the live published
 *        pattern; the metadata (from the published pattern) is what the transaction sends.
 *   POST /flow/mint-pattern/:id/result {status: sealed, txId, tokenIds, owner} | {status: failed, error}
 *        -> the mint's outcome; verified on Flow when the server is configured to read it.
 *   GET  /flow/mints (signed in) -> the caller's mints, newest first.
 *   GET  /flow/tokens/:patternId (anyone) -> the pattern's sealed and verified tokens;
 *   GET  /flow/tokens?patterns=id,… (anyone) -> the same for up to 50 patterns at once.
 * Every read and write runs as the caller under row-level security.
 */
export function tokenRoutes(deps: TokenDeps): Hono {
  const app = new Hono();
  const verifier = deps.verifier === undefined ? flowVerifierFromEnv(process.env) : deps.verifier;

  app.on(TOKENS_API.requestMint.method, TOKENS_API.requestMint.path, (c) =>
    asApiCaller(c, deps, FLOW_MINTER, async ({ auth }) => {
      const b = await jsonBody(c);
      if (b instanceof Response) return b;
      const parsed = mintRequestSchema.safeParse(b.value);
      if (!parsed.success) return validationFailed(c, parsed.error);
      const request = parsed.data;
      const image = `${publicOrigin(c)}/icons/icon-512.png`;
      return runAsApi(deps.db, auth, 'POST', async (tx) => {
        const p = await tx.query<PatternRow>(
          `select id, creator_id, name, description, inhale, hold, exhale, hold_after_exhale, category, difficulty, unpublished_at
             from public.marketplace_patterns where id = $1`,
          [request.patternId],
        );
        const pattern = p.rows[0];
        if (!pattern)
          return apiError(
            c,
            404,
            'pattern_not_found',
            'No published pattern has this id',
            'patternId',
          );
        if (pattern.creator_id !== auth.claims.sub)
          return apiError(
            c,
            403,
            'not_your_pattern',
            'Only the creator of a pattern can mint it',
            'patternId',
          );
        if (pattern.unpublished_at)
          return apiError(
            c,
            409,
            'pattern_unpublished',
            'Publish the pattern again before minting it',
            'patternId',
          );
        const metadata = buildTokenMetadata(
          { ...pattern, rest: pattern.hold_after_exhale },
          request,
          image,
          patternMarketplaceUrl(publicOrigin(c), pattern),
        );
        const row = await tx.query<TokenRow>(
          `insert into public.pattern_tokens (pattern_id, network, recipient, copies, metadata)
           values ($1, $2, $3, $4, $5::jsonb) returning ${TOKEN_COLUMNS}`,
          [
            pattern.id,
            request.network,
            request.recipient,
            request.copies,
            JSON.stringify(metadata),
          ],
        );
        return c.json({ mint: mintJson(row.rows[0] as TokenRow), metadata }, 201);
      });
    }),
  );

  app.on(TOKENS_API.reportMint.method, TOKENS_API.reportMint.path, (c) =>
    asApiCaller(c, deps, FLOW_MINTER, async ({ auth }) => {
      const id = c.req.param('id');
      if (!z.uuid().safeParse(id).success)
        return apiError(c, 404, 'mint_not_found', 'No mint has this id');
      const b = await jsonBody(c);
      if (b instanceof Response) return b;
      const parsed = mintResultSchema.safeParse(b.value);
      if (!parsed.success) return validationFailed(c, parsed.error);
      const result = parsed.data;
      const existing = await runAsApi(deps.db, auth, 'GET', (tx) => readMine(tx, id));
      if (!existing) return apiError(c, 404, 'mint_not_found', 'No mint of yours has this id');

      if (result.status === 'failed') {
        const row = await runAsApi(deps.db, auth, 'PATCH', (tx) =>
          tx.query<TokenRow>(
            `update public.pattern_tokens set status = 'failed', tx_id = $2, error = $3 where id = $1 returning ${TOKEN_COLUMNS}`,
            [id, result.txId, result.error],
          ),
        );
        return c.json({ mint: mintJson(row.rows[0] as TokenRow) });
      }

      let status: 'sealed' | 'verified' = 'sealed';
      let tokenIds = result.tokenIds;
      let owner = result.owner;
      if (verifier && verifier.network === existing.network) {
        const check = await verifyMint(verifier, result.txId, existing.pattern_id);
        if (!check.ok) return apiError(c, 422, 'not_verified', check.reason, 'txId');
        status = 'verified';
        tokenIds = check.tokenIds;
        owner = check.owner ?? owner;
      }
      const row = await runAsApi(deps.db, auth, 'PATCH', async (tx) => {
        if (status === 'verified')
          await tx.query(`select set_config('pneuma.flow_verified_tx', $1, true)`, [result.txId]);
        return tx.query<TokenRow>(
          `update public.pattern_tokens set status = $2, tx_id = $3, token_ids = $4, owner_address = $5, error = null
            where id = $1 returning ${TOKEN_COLUMNS}`,
          [id, status, result.txId, tokenIds, owner],
        );
      });
      return c.json({ mint: mintJson(row.rows[0] as TokenRow) });
    }),
  );

  app.on(TOKENS_API.mine.method, TOKENS_API.mine.path, (c) =>
    asApiCaller(c, deps, FLOW_MINTER, async ({ auth }) => {
      const rows = await runAsApi(deps.db, auth, 'GET', (tx) =>
        tx.query<TokenRow>(
          `select ${TOKEN_COLUMNS} from public.pattern_tokens where creator_id = auth.uid() order by created_at desc limit 200`,
        ),
      );
      return c.json({ mints: rows.rows.map(mintJson) });
    }),
  );

  // The sealed and verified tokens of up to 50 patterns (?patterns=id,id,…), for marketplace cards.
  app.on(TOKENS_API.tokensOf.method, TOKENS_API.tokensOf.path, (c) =>
    asApiCaller(c, deps, FLOW_READER, async ({ auth }) => {
      const ids = [
        ...new Set(
          (c.req.query('patterns') ?? '').split(',').filter((id) => z.uuid().safeParse(id).success),
        ),
      ];
      if (ids.length > 50)
        return apiError(
          c,
          400,
          'validation_failed',
          'Ask for at most 50 patterns at once',
          'patterns',
        );
      const tokens: Record<string, ReturnType<typeof tokenJson>[]> = Object.fromEntries(
        ids.map((id) => [id, []]),
      );
      if (ids.length === 0) return c.json({ tokens });
      const rows = await runAsApi(deps.db, auth, 'GET', (tx) =>
        tx.query<TokenRow>(
          `select ${TOKEN_COLUMNS} from public.pattern_tokens
            where pattern_id = any($1::uuid[]) and status in ('sealed', 'verified') order by updated_at desc limit 500`,
          [ids],
        ),
      );
      for (const r of rows.rows) tokens[r.pattern_id]?.push(tokenJson(r));
      return c.json({ tokens });
    }),
  );

  app.on(TOKENS_API.tokensOfPattern.method, TOKENS_API.tokensOfPattern.path, (c) =>
    asApiCaller(c, deps, FLOW_READER, async ({ auth }) => {
      const patternId = c.req.param('patternId');
      if (!z.uuid().safeParse(patternId).success) return c.json({ tokens: [] });
      const rows = await runAsApi(deps.db, auth, 'GET', (tx) =>
        tx.query<TokenRow>(
          `select ${TOKEN_COLUMNS} from public.pattern_tokens
            where pattern_id = $1 and status in ('sealed', 'verified') order by updated_at desc limit 20`,
          [patternId],
        ),
      );
      return c.json({ tokens: rows.rows.map(tokenJson) });
    }),
  );

  return app;
}

/** A minted token as everyone may see it. */
function tokenJson(r: TokenRow): MintedToken {
  return {
    network: r.network,
    // Only sealed or verified mints are read as tokens.
    status: r.status as MintedToken['status'],
    txId: r.tx_id as string,
    tokenIds: r.token_ids,
    owner: r.owner_address,
    mintedAt: r.updated_at,
  };
}

async function readMine(tx: Tx, id: string): Promise<TokenRow | undefined> {
  const r = await tx.query<TokenRow>(
    `select ${TOKEN_COLUMNS} from public.pattern_tokens where id = $1 and creator_id = auth.uid()`,
    [id],
  );
  return r.rows[0];
}
