import { z } from 'zod';
import { normalizeFlowAddress } from '../domain/flow/address';
import { MINT_LIMITS } from '../domain/tokens/mintInput';

/**
 * The outcome report's rules (server/tokens/routes.ts parses with them); the app's client
 * (src/backend/api/tokensApi.ts) types its body with their input type (type-only).
 */

/** POST /api/flow/mint-pattern/:id/result: how the creator's mint transaction ended. */
export const mintResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('sealed'),
    txId: z.string().regex(/^[0-9a-f]{64}$/, 'txId is 64 lower-case hex digits'),
    tokenIds: z
      .array(z.string().regex(/^\d{1,20}$/, 'A token id is a whole number'))
      .min(1, 'A sealed mint has at least one token id')
      .max(MINT_LIMITS.copiesMax),
    owner: z
      .string()
      .refine((v) => normalizeFlowAddress(v) !== null, 'owner must be a Flow address')
      .transform((v) => normalizeFlowAddress(v) as string)
      .nullable()
      .default(null),
  }),
  z.object({
    status: z.literal('failed'),
    txId: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable()
      .default(null),
    error: z.string().trim().min(1).max(500),
  }),
]);

/** The body as the app sends it. */
export type MintResultBody = z.input<typeof mintResultSchema>;
