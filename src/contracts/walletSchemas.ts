import { z } from 'zod';
import { normalizeChainId, SUPPORTED_CHAIN_IDS } from '../domain/wallet/chains';

/**
 * The rules of the wallet's request bodies: server/wallet/routes.ts parses with them, and the
 * app's client (src/backend/api/walletApi.ts) types its bodies with their input types
 * (type-only: the page loads no zod for them).
 */

const chainId = z.preprocess(
  (v) => normalizeChainId(v) ?? v,
  z.enum(SUPPORTED_CHAIN_IDS, {
    message: 'Use Ethereum Mainnet (0x1), Polygon (0x89) or Arbitrum One (0xa4b1)',
  }),
);

/** POST /api/wallet/siwe/message. */
export const siweMessageSchema = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'An EVM address is 0x and 40 hex digits'),
  chainId,
});

/** POST /api/wallet/siwe/verify. */
export const siweVerifySchema = z.object({
  message: z.string().min(1).max(4000),
  signature: z
    .string()
    .regex(
      /^0x[0-9a-fA-F]{130}$/,
      "A signature is 0x and 130 hex digits, made by the wallet's own key: contract wallets (ERC-1271) are not supported",
    ),
});

/** PUT /api/wallet/chain. */
export const chainSchema = z.object({ chainId });

export type SiweMessageBody = z.input<typeof siweMessageSchema>;
export type SiweVerifyBody = z.input<typeof siweVerifySchema>;
export type ChainBody = z.input<typeof chainSchema>;
