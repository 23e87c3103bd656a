import { describe, expect, it } from 'vitest';
import {
  buildTokenMetadata,
  patternMarketplaceUrl,
  mintRequestSchema,
  MINT_LIMITS,
} from '../../../src/domain/tokens/mintInput';
import { mintPatternArgs } from '../../../src/domain/flow/args';

const ID = '6f1d1c3e-8a4b-4f7e-9a51-2b7c1d9e0f11';
const A = '0x1122334455667788';
const B = '0x8877665544332211';
const base = { patternId: ID, network: 'testnet', recipient: A };

const firstError = (input: unknown) => {
  const r = mintRequestSchema.safeParse(input);
  return r.success
    ? null
    : { path: r.error.issues[0]?.path.join('.'), message: r.error.issues[0]?.message };
};

describe('mint request', () => {
  it('accepts a minimal request and fills the defaults (no royalties, 5 cycles, 1 copy)', () => {
    expect(mintRequestSchema.parse(base)).toEqual({
      ...base,
      royalties: [],
      tags: [],
      totalCycles: 5,
      copies: 1,
    });
  });

  it('normalises Flow addresses (case, missing 0x)', () => {
    const r = mintRequestSchema.parse({
      ...base,
      recipient: '1122334455667788',
      royalties: [{ receiver: '0xAABBCCDDEEFF0011', percent: 5 }],
    });
    expect(r.recipient).toBe(A);
    expect(r.royalties[0]).toEqual({
      receiver: '0xaabbccddeeff0011',
      percent: 5,
      description: 'Creator royalty',
    });
  });

  it.each([
    [{ ...base, patternId: 'box' }, 'patternId'],
    [{ ...base, network: 'devnet' }, 'network'],
    [{ ...base, recipient: '0x12' }, 'recipient'],
    [{ ...base, royalties: [{ receiver: B, percent: 0 }] }, 'royalties.0.percent'],
    [{ ...base, royalties: [{ receiver: B, percent: -1 }] }, 'royalties.0.percent'],
    [{ ...base, royalties: [{ receiver: B, percent: 100.5 }] }, 'royalties.0.percent'],
    [{ ...base, royalties: [{ receiver: B, percent: 2.555 }] }, 'royalties.0.percent'],
    [{ ...base, royalties: [{ receiver: B, percent: '5' }] }, 'royalties.0.percent'],
    [{ ...base, royalties: [{ receiver: 'bob', percent: 5 }] }, 'royalties.0.receiver'],
    [
      { ...base, royalties: [{ receiver: B, percent: 5, description: 'x'.repeat(81) }] },
      'royalties.0.description',
    ],
    [{ ...base, totalCycles: 0 }, 'totalCycles'],
    [{ ...base, totalCycles: 2.5 }, 'totalCycles'],
    [{ ...base, copies: 11 }, 'copies'],
    [{ ...base, tags: Array(11).fill('a') }, 'tags'],
    [{ ...base, tags: [''] }, 'tags.0'],
  ])('refuses %j at %s', (input, path) => {
    expect(firstError(input)?.path).toBe(path);
  });

  it(`allows at most ${MINT_LIMITS.royaltiesMax} royalty receivers, each once, adding up to at most 100%`, () => {
    const six = Array.from({ length: 6 }, (_, i) => ({
      receiver: `0x${String(i + 1).padStart(16, '0')}`,
      percent: 1,
    }));
    expect(firstError({ ...base, royalties: six })?.message).toBe('At most 5 royalty receivers');
    expect(
      firstError({
        ...base,
        royalties: [
          { receiver: A, percent: 1 },
          { receiver: A, percent: 1 },
        ],
      }),
    ).toEqual({
      path: 'royalties.1.receiver',
      message: 'Each royalty receiver can appear once',
    });
    expect(
      firstError({
        ...base,
        royalties: [
          { receiver: A, percent: 60 },
          { receiver: B, percent: 40.01 },
        ],
      }),
    ).toEqual({
      path: 'royalties',
      message: 'Royalties add up to 100.01%; together they can be at most 100%',
    });
    expect(
      firstError({
        ...base,
        royalties: [
          { receiver: A, percent: 60 },
          { receiver: B, percent: 40 },
        ],
      }),
    ).toBeNull();
  });

  it('divides percent by 100 for the chain, exactly, and passes the cuts as UFix64 with 8 places', () => {
    const pattern = { id: ID, name: 'p', description: '', inhale: 4, hold: 4, exhale: 4, rest: 0, difficulty: 'Beginner', category: 'calm' };
    const cuts = (percents: number[]) => {
      const royalties = percents.map((percent, i) => ({ receiver: `0x${String(i + 1).padStart(16, '0')}`, percent }));
      const m = buildTokenMetadata(pattern, mintRequestSchema.parse({ ...base, royalties }), 'https://x.test/i.png', 'https://x.test/m');
      return { cuts: m.royalties.map((r) => r.cut), args: mintPatternArgs(m).find((a) => a.name === 'royaltyCuts')!.value, m };
    };
    expect(cuts([5, 2.5, 12.34])).toMatchObject({ cuts: [0.05, 0.025, 0.1234], args: ['0.05000000', '0.02500000', '0.12340000'] });
    const { m, ...whole } = cuts([100]);
    expect(whole).toEqual({ cuts: [1], args: ['1.00000000'] });
    // A negative UFix64 is refused, not sent.
    expect(() => mintPatternArgs({ ...m, attributes: { ...m.attributes, inhale: -1 } })).toThrow(RangeError);
  });

  it("a pattern's public marketplace URL: the marketplace searched for its name, at its card", () => {
    expect(patternMarketplaceUrl('https://pneuma.app/', { id: ID, name: ' Evening & Calm ' })).toBe(
      `https://pneuma.app/marketplace?q=Evening%20%26%20Calm#market-card-${ID}`,
    );
    expect(patternMarketplaceUrl('https://p.test', { id: ID, name: 'x'.repeat(200) })).toBe(
      `https://p.test/marketplace?q=${'x'.repeat(80)}#market-card-${ID}`,
    );
  });

  it('builds the token metadata from the published pattern', () => {
    const m = buildTokenMetadata(
      {
        id: ID,
        name: 'Evening Calm',
        description: 'd',
        inhale: 4.000000001,
        hold: 7,
        exhale: 8,
        rest: 0,
        difficulty: 'Beginner',
        category: 'sleep',
      },
      mintRequestSchema.parse({
        ...base,
        totalCycles: 4,
        royalties: [{ receiver: B, percent: 7.5, description: 'Teacher' }],
      }),
      'https://x.test/i.png',
      'https://x.test/marketplace?q=Evening%20Calm#market-card-x',
    );
    expect(m).toEqual({
      patternId: ID,
      name: 'Evening Calm',
      description: 'd',
      image: 'https://x.test/i.png',
      externalUrl: 'https://x.test/marketplace?q=Evening%20Calm#market-card-x',
      attributes: {
        inhale: 4,
        hold: 7,
        exhale: 8,
        rest: 0,
        difficulty: 'Beginner',
        category: 'sleep',
        tags: ['sleep'],
        totalCycles: 4,
        estimatedDuration: 76,
      },
      royalties: [{ receiver: B, cut: 0.075, description: 'Teacher' }],
      recipient: A,
      copies: 1,
    });
  });
});

describe('the mint form', () => {
  const form = {
    patternId: ID,
    recipient: A,
    royalties: [{ receiver: B, percent: '2,5', description: '' }],
    tags: ' calm, , evening ',
    totalCycles: '6',
    copies: '1',
  };
  it('turns typed text into the request (decimal comma, default description, tags split)', async () => {
    const { checkMintForm } = await import('../../../src/domain/tokens/mintForm');
    const r = checkMintForm(form, 'testnet');
    expect(r).toEqual({
      ok: true,
      request: {
        patternId: ID,
        network: 'testnet',
        recipient: A,
        royalties: [{ receiver: B, percent: 2.5, description: 'Creator royalty' }],
        tags: ['calm', 'evening'],
        totalCycles: 6,
        copies: 1,
      },
    });
  });
  it('names each field that is wrong', async () => {
    const { checkMintForm } = await import('../../../src/domain/tokens/mintForm');
    const r = checkMintForm(
      {
        ...form,
        recipient: 'me',
        totalCycles: '',
        royalties: [{ receiver: B, percent: 'lots', description: '' }],
      },
      'testnet',
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.recipient).toBe('Recipient must be a Flow address (0x and 16 hex digits)');
      expect(r.errors.totalCycles).toBeDefined();
      expect(r.errors['royalties.0.percent']).toBeDefined();
    }
  });
});
