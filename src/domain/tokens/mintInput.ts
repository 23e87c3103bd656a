/**
 * What a creator sends to mint a published pattern as a Flow token, and the token's
 * metadata built from the published pattern (docs/product.md § Wallets and tokens).
 * One schema for the client form and for POST /api/flow/mint-pattern. Pure (zod only).
 */
import { z } from 'zod';
import { isFlowAddress, normalizeFlowAddress } from '../flow/address';
import { MARKETPLACE_QUERY_MAX } from '../marketplace/search';
import { FLOW_NETWORKS } from '../flow/constants';

export const MINT_LIMITS = Object.freeze({
  /** Royalty receivers per token. */
  royaltiesMax: 5,
  /** Percent, each cut and all cuts together (the standard's Royalties: the sum at most 1). */
  royaltyTotalMaxPercent: 100,
  /** Decimal places a royalty percent may have. */
  royaltyDecimals: 2,
  royaltyDescriptionMax: 80,
  tagsMax: 10,
  tagMax: 32,
  cyclesMin: 1,
  cyclesMax: 100,
  /** Library default: 5 cycles. */
  cyclesDefault: 5,
  copiesMax: 10,
});

const L = MINT_LIMITS;

const flowAddress = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine(isFlowAddress, `${label} must be a Flow address (0x and 16 hex digits)`)
    .transform((v) => normalizeFlowAddress(v) as string);

const hasAtMostDecimals = (n: number, places: number) =>
  Math.abs(Math.round(n * 10 ** places) - n * 10 ** places) < 1e-6;

const royaltyInputSchema = z.object({
  receiver: flowAddress('Royalty receiver'),
  /** Percent as typed: 5 means 5 %. */
  percent: z
    .number({ error: 'Royalty must be a number of percent' })
    .gt(0, 'Royalty must be more than 0%')
    .max(L.royaltyTotalMaxPercent, `Royalty can be at most ${L.royaltyTotalMaxPercent}%`)
    .refine(
      (n) => hasAtMostDecimals(n, L.royaltyDecimals),
      `Royalty can have at most ${L.royaltyDecimals} decimal places`,
    ),
  description: z
    .string()
    .trim()
    .max(
      L.royaltyDescriptionMax,
      `Royalty description can be at most ${L.royaltyDescriptionMax} characters`,
    )
    .default('Creator royalty'),
});

export const mintRequestSchema = z
  .object({
    patternId: z.uuid({ error: 'patternId must be the id of a published pattern' }),
    network: z.enum(FLOW_NETWORKS, { error: 'network must be testnet, mainnet or emulator' }),
    recipient: flowAddress('Recipient'),
    royalties: z
      .array(royaltyInputSchema)
      .max(L.royaltiesMax, `At most ${L.royaltiesMax} royalty receivers`)
      .default([]),
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'A tag cannot be empty')
          .max(L.tagMax, `A tag can be at most ${L.tagMax} characters`),
      )
      .max(L.tagsMax, `At most ${L.tagsMax} tags`)
      .default([]),
    totalCycles: z
      .number()
      .int('Cycles must be a whole number')
      .min(L.cyclesMin, `Cycles must be at least ${L.cyclesMin}`)
      .max(L.cyclesMax, `Cycles can be at most ${L.cyclesMax}`)
      .default(L.cyclesDefault),
    copies: z
      .number()
      .int()
      .min(1, 'Mint at least 1 copy')
      .max(L.copiesMax, `At most ${L.copiesMax} copies at once`)
      .default(1),
  })
  .superRefine((v, ctx) => {
    const total = v.royalties.reduce((sum, r) => sum + Math.round(r.percent * 100), 0) / 100;
    if (total > L.royaltyTotalMaxPercent) {
      ctx.addIssue({
        code: 'custom',
        path: ['royalties'],
        message: `Royalties add up to ${total}%; together they can be at most ${L.royaltyTotalMaxPercent}%`,
      });
    }
    const seen = new Set<string>();
    v.royalties.forEach((r, i) => {
      if (seen.has(r.receiver))
        ctx.addIssue({
          code: 'custom',
          path: ['royalties', i, 'receiver'],
          message: 'Each royalty receiver can appear once',
        });
      seen.add(r.receiver);
    });
  });

export type MintRequestInput = z.input<typeof mintRequestSchema>;
export type MintRequest = z.output<typeof mintRequestSchema>;

/** A royalty cut as the chain stores it: the percent divided by 100 (5 % -> 0.05). */
function royaltyCut(percent: number): number {
  return Math.round(percent * 100) / 10_000;
}

/** The published pattern fields a token is made from. */
interface PublishedPatternForMint {
  id: string;
  name: string;
  description: string;
  inhale: number;
  hold: number;
  exhale: number;
  /** The pause after exhaling (hold_after_exhale). */
  rest: number;
  difficulty: string;
  category: string;
}

/** Pattern token metadata: what the mint transaction writes on chain. */
export interface PatternTokenMetadata {
  patternId: string;
  name: string;
  description: string;
  image: string;
  /** The pattern's public marketplace page (the token's MetadataViews.ExternalURL). */
  externalUrl: string;
  attributes: Omit<PublishedPatternForMint, 'id' | 'name' | 'description'> & {
    tags: string[];
    totalCycles: number;
    /** Seconds: one cycle times totalCycles. */
    estimatedDuration: number;
  };
  /** Cuts as fractions of 1. */
  royalties: { receiver: string; cut: number; description: string }[];
  recipient: string;
  copies: number;
}

const seconds = (n: number) => Math.round(n * 100) / 100;

/**
 * A published pattern's public page in the marketplace on `origin`: the marketplace searched
 * for its name, at its card (the card's element id is market-card-<pattern id>).
 */
export function patternMarketplaceUrl(origin: string, pattern: { id: string; name: string }): string {
  const q = encodeURIComponent(pattern.name.trim().slice(0, MARKETPLACE_QUERY_MAX));
  return `${origin.replace(/\/+$/, '')}/marketplace?q=${q}#market-card-${pattern.id}`;
}

export function buildTokenMetadata(
  pattern: PublishedPatternForMint,
  request: MintRequest,
  image: string,
  externalUrl: string,
): PatternTokenMetadata {
  const phases = {
    inhale: seconds(pattern.inhale),
    hold: seconds(pattern.hold),
    exhale: seconds(pattern.exhale),
    rest: seconds(pattern.rest),
  };
  const cycle = phases.inhale + phases.hold + phases.exhale + phases.rest;
  const tags = request.tags.length > 0 ? request.tags : [pattern.category];
  return {
    patternId: pattern.id,
    name: pattern.name,
    description: pattern.description,
    image,
    externalUrl,
    attributes: {
      ...phases,
      difficulty: pattern.difficulty,
      category: pattern.category,
      tags,
      totalCycles: request.totalCycles,
      estimatedDuration: Math.round(cycle * request.totalCycles * 100) / 100,
    },
    royalties: request.royalties.map((r) => ({
      receiver: r.receiver,
      cut: royaltyCut(r.percent),
      description: r.description,
    })),
    recipient: request.recipient,
    copies: request.copies,
  };
}
