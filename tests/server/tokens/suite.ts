import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { tokenRoutes } from '../../../server/tokens/routes';
import type { MarketplacePattern } from '../../../src/contracts/marketplace';
import { startFakeAccessApi, cdc, type FakeAccessApi } from '../../flow/fakeAccessApi';
import { testSecrets, useTestDb, type Backend } from '../helpers';
import { marketplaceHarness } from '../marketplace/harness';
import type { Member } from '../community/harness';

type Harness = Awaited<ReturnType<typeof marketplaceHarness>>;

const CONTRACT = '0x0123456789abcdef';
const A_FLOW = '0x1122334455667788';
const B_FLOW = '0x8877665544332211';
const tx = (n: number) => n.toString(16).padStart(64, '0');

interface MintAnswer {
  mint: {
    id: string;
    status: string;
    tokenIds: string[];
    owner: string | null;
    txId: string | null;
    patternId: string;
  };
  metadata: Record<string, unknown>;
  error?: string;
  message?: string;
  field?: string;
}

/**
 * POST /api/flow/mint-pattern and the pattern_tokens table on a real database (PGlite and a
 * PostgreSQL 15 server): the mint inputs are validated (royalties in percent, at most 5, at
 * most 100 % together, addresses, cycles, copies), only the creator of a live published
 * pattern may mint it, the outcome is recorded as reported or as verified on Flow (through
 * a fake access API here), and row-level security holds through /rest/v1: the creator
 * writes their own rows only, nobody writes 'verified', everyone reads sealed tokens.
 */
export function tokenSuite(kind: Backend) {
  describe(`pattern tokens API on ${kind}`, () => {
    let db: Db;
    let h: Harness;
    let access: FakeAccessApi;
    let alice: Member;
    let bob: Member;
    let pattern: MarketplacePattern;

    useTestDb(kind, async (opened) => {
      db = opened;
      h = await marketplaceHarness(db);
      access = await startFakeAccessApi();
      const secrets = await testSecrets();
      h.app.route('/api', tokenRoutes({ db, secrets, verifier: null }));
      // The same routes on a second prefix with the server's own check on Flow switched on.
      h.app.route(
        '/verified/api',
        tokenRoutes({
          db,
          secrets,
          verifier: { network: 'testnet', accessUrl: access.url, contractAddress: CONTRACT },
        }),
      );
      alice = await h.member('alice', 'Alice');
      bob = await h.member('bob', 'Bob');
      const r = await h.publish(
        alice,
        h.draft({
          name: 'Evening Calm',
          inhale: 4,
          hold: 7,
          exhale: 8,
          hold_after_exhale: 0,
          category: 'sleep',
        }),
      );
      expect(r.status).toBe(201);
      pattern = r.body.pattern;
      return () => access.close();
    });

    const mint = (who: Member | null, body: unknown, prefix = '') =>
      h.call<MintAnswer>('POST', `${prefix}/api/flow/mint-pattern`, { token: who?.token, body });
    const report = (who: Member, id: string, body: unknown, prefix = '') =>
      h.call<MintAnswer>('POST', `${prefix}/api/flow/mint-pattern/${id}/result`, {
        token: who.token,
        body,
      });
    const request = (over: Record<string, unknown> = {}) => ({
      patternId: pattern.id,
      network: 'testnet',
      recipient: A_FLOW,
      royalties: [
        { receiver: A_FLOW, percent: 5, description: 'Creator royalty' },
        { receiver: B_FLOW, percent: 2.5 },
      ],
      ...over,
    });

    it('the creator mints their published pattern: the metadata comes from the pattern, cuts are percent / 100', async () => {
      const r = await mint(alice, request({ tags: ['calm'], totalCycles: 4 }));
      expect(r.status).toBe(201);
      expect(r.body.mint).toMatchObject({
        patternId: pattern.id,
        status: 'requested',
        tokenIds: [],
        owner: null,
        txId: null,
      });
      expect(r.body.metadata).toEqual({
        patternId: pattern.id,
        name: 'Evening Calm',
        description: 'Slow and even',
        image: 'http://localhost/icons/icon-512.png',
        externalUrl: `http://localhost/marketplace?q=Evening%20Calm#market-card-${pattern.id}`,
        attributes: {
          inhale: 4,
          hold: 7,
          exhale: 8,
          rest: 0,
          difficulty: 'Beginner',
          category: 'sleep',
          tags: ['calm'],
          totalCycles: 4,
          estimatedDuration: 76,
        },
        royalties: [
          { receiver: A_FLOW, cut: 0.05, description: 'Creator royalty' },
          { receiver: B_FLOW, cut: 0.025, description: 'Creator royalty' },
        ],
        recipient: A_FLOW,
        copies: 1,
      });
      const row = await db.query<{ creator_id: string; status: string }>(
        'select creator_id, status from public.pattern_tokens where id = $1',
        [r.body.mint.id],
      );
      expect(row.rows[0]).toEqual({ creator_id: alice.id, status: 'requested' });
    });

    it.each([
      [
        {
          royalties: [
            { receiver: A_FLOW, percent: 60 },
            { receiver: B_FLOW, percent: 40.5 },
          ],
        },
        'royalties',
        /at most 100%/,
      ],
      [{ royalties: [{ receiver: A_FLOW, percent: 0 }] }, 'royalties.0.percent', /more than 0%/],
      [
        { royalties: [{ receiver: A_FLOW, percent: 1.234 }] },
        'royalties.0.percent',
        /2 decimal places/,
      ],
      [{ royalties: [{ receiver: 'alice', percent: 1 }] }, 'royalties.0.receiver', /Flow address/],
      [
        {
          royalties: Array.from({ length: 6 }, (_, i) => ({
            receiver: `0x${String(i + 1).padStart(16, '0')}`,
            percent: 1,
          })),
        },
        'royalties',
        /At most 5/,
      ],
      [{ recipient: '0xabc' }, 'recipient', /Flow address/],
      [{ network: 'devnet' }, 'network', /testnet, mainnet or emulator/],
      [{ totalCycles: 101 }, 'totalCycles', /at most 100/],
      [{ copies: 0 }, 'copies', /at least 1/],
      [{ patternId: 'box' }, 'patternId', /published pattern/],
    ])('refuses %j (400 at %s)', async (over, field, message) => {
      const r = await mint(alice, request(over));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'validation_failed', field });
      expect(r.body.message).toMatch(message);
    });

    it('needs a signed-in caller who owns the live pattern', async () => {
      expect((await mint(null, request())).status).toBe(401);
      const notMine = await mint(bob, request());
      expect(notMine.status).toBe(403);
      expect(notMine.body.error).toBe('not_your_pattern');
      expect(
        (await mint(alice, request({ patternId: '00000000-0000-4000-8000-000000000000' }))).status,
      ).toBe(404);
      const other = await h.publish(alice, h.draft());
      await h.call('DELETE', `/api/market/patterns/${other.body.pattern.id}`, {
        token: alice.token,
      });
      const gone = await mint(alice, request({ patternId: other.body.pattern.id }));
      expect(gone.status).toBe(409);
      expect(gone.body.error).toBe('pattern_unpublished');
      const empty = await h.call<MintAnswer>('POST', '/api/flow/mint-pattern', {
        token: alice.token,
        raw: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.status, JSON.stringify(empty.body)).toBe(400);
    });

    it('records the sealed mint the creator reports; everyone then reads its token id and owner', async () => {
      const m = (await mint(alice, request())).body.mint;
      const hidden = await h.call<{ tokens: unknown[] }>('GET', `/api/flow/tokens/${pattern.id}`);
      expect(hidden.body.tokens).toEqual([]);
      expect(
        (
          await report(bob, m.id, {
            status: 'sealed',
            txId: tx(1),
            tokenIds: ['42'],
            owner: A_FLOW,
          })
        ).status,
      ).toBe(404);
      expect(
        (await report(alice, m.id, { status: 'sealed', txId: 'xyz', tokenIds: ['42'] })).status,
      ).toBe(400);
      expect(
        (await report(alice, m.id, { status: 'sealed', txId: tx(1), tokenIds: [] })).status,
      ).toBe(400);
      const r = await report(alice, m.id, {
        status: 'sealed',
        txId: tx(1),
        tokenIds: ['42'],
        owner: '0x1122334455667788',
      });
      expect(r.status).toBe(200);
      expect(r.body.mint).toMatchObject({
        status: 'sealed',
        txId: tx(1),
        tokenIds: ['42'],
        owner: A_FLOW,
      });
      const seen = await h.call<{ tokens: unknown[] }>('GET', `/api/flow/tokens/${pattern.id}`);
      expect(seen.body.tokens).toEqual([
        {
          network: 'testnet',
          status: 'sealed',
          txId: tx(1),
          tokenIds: ['42'],
          owner: A_FLOW,
          mintedAt: expect.any(String),
        },
      ]);
      const mine = await h.call<{ mints: { id: string }[] }>('GET', '/api/flow/mints', {
        token: alice.token,
      });
      expect(mine.body.mints.map((x) => x.id)).toContain(m.id);
      expect(
        (await h.call<{ mints: unknown[] }>('GET', '/api/flow/mints', { token: bob.token })).body
          .mints,
      ).toEqual([]);
      // A sealed mint can still be verified, but not be turned into a failure.
      expect((await report(alice, m.id, { status: 'failed', error: 'oops' })).status).toBe(403);
    });

    it('records a failure, which is final', async () => {
      const m = (await mint(alice, request())).body.mint;
      const r = await report(alice, m.id, {
        status: 'failed',
        error: 'Transaction rejected. Please try again if you want to proceed.',
      });
      expect(r.body.mint).toMatchObject({ status: 'failed' });
      expect(
        (await report(alice, m.id, { status: 'sealed', txId: tx(2), tokenIds: ['1'] })).status,
      ).toBe(403);
    });

    it('with the server reading Flow: verified with the ids and owner from the chain; a transaction of another pattern is refused', async () => {
      const minted = (id: string, patternId: string) => ({
        type: `A.${CONTRACT.slice(2)}.BreathingPatternNFT.Minted`,
        payload: cdc.event(`A.${CONTRACT.slice(2)}.BreathingPatternNFT.Minted`, {
          id: cdc.uint64(id),
          patternId: cdc.str(patternId),
        }),
      });
      const deposited = (id: string, to: string) => ({
        type: 'A.631e88ae7f1d7c20.NonFungibleToken.Deposited',
        payload: cdc.event('A.631e88ae7f1d7c20.NonFungibleToken.Deposited', {
          type: cdc.str(`A.${CONTRACT.slice(2)}.BreathingPatternNFT.NFT`),
          id: cdc.uint64(id),
          to: cdc.optional(cdc.address(to)),
        }),
      });
      access.results.set(tx(10), [
        { status: 'Sealed', events: [minted('777', pattern.id), deposited('777', B_FLOW)] },
      ]);
      access.results.set(tx(11), [
        { status: 'Sealed', events: [minted('778', '00000000-0000-4000-8000-000000000000')] },
      ]);
      access.results.set(tx(12), [{ status: 'Pending' }]);

      const m = (await mint(alice, request({ recipient: B_FLOW }), '/verified')).body.mint;
      const wrong = await report(
        alice,
        m.id,
        { status: 'sealed', txId: tx(11), tokenIds: ['778'] },
        '/verified',
      );
      expect(wrong.status).toBe(422);
      expect(wrong.body.message).toBe('The transaction minted no token of this pattern');
      const pending = await report(
        alice,
        m.id,
        { status: 'sealed', txId: tx(12), tokenIds: ['1'] },
        '/verified',
      );
      expect(pending.body.message).toBe('The transaction is not sealed (Pending)');
      const ok = await report(
        alice,
        m.id,
        { status: 'sealed', txId: tx(10), tokenIds: ['1'], owner: A_FLOW },
        '/verified',
      );
      expect(ok.status).toBe(200);
      expect(ok.body.mint).toMatchObject({
        status: 'verified',
        tokenIds: ['777'],
        owner: B_FLOW,
        txId: tx(10),
      });
      expect(access.requests.map((r) => r.path)).toEqual([
        `/v1/transaction_results/${tx(11)}`,
        `/v1/transaction_results/${tx(12)}`,
        `/v1/transaction_results/${tx(10)}`,
      ]);
    });

    it('/rest/v1: nobody writes a token row (one write path: /api), nobody writes verified, others read only sealed tokens', async () => {
      const row = {
        pattern_id: pattern.id,
        network: 'testnet',
        recipient: A_FLOW,
        metadata: { name: 'x' },
      };
      const bobInsert = await h.rest(bob, 'POST', 'pattern_tokens', row);
      expect(bobInsert.status, JSON.stringify(bobInsert.body)).toBe(403);
      expect((await h.rest(null, 'POST', 'pattern_tokens', row)).status).toBe(401);
      // Not even the creator, for their own live pattern: minting goes through /api.
      expect((await h.rest(alice, 'POST', 'pattern_tokens', row)).status).toBe(403);
      const own = await mint(alice, request());
      expect(own.status).toBe(201);
      const id = own.body.mint.id;
      const forge = await h.rest(alice, 'PATCH', `pattern_tokens?id=eq.${id}`, {
        status: 'verified',
        tx_id: tx(20),
        token_ids: '{1}',
      });
      expect(forge.status, JSON.stringify(forge.body)).toBe(403);
      for (const change of [{ metadata: { name: 'y' } }, { creator_id: bob.id }, { status: 'failed', error: 'x' }]) {
        expect((await h.rest(alice, 'PATCH', `pattern_tokens?id=eq.${id}`, change)).status).toBe(403);
      }
      expect((await h.rest(bob, 'PATCH', `pattern_tokens?id=eq.${id}`, { status: 'failed', error: 'x' })).status).toBe(403);
      expect(
        (await h.rest(bob, 'DELETE', `pattern_tokens?id=eq.${id}`)).status,
      ).toBeGreaterThanOrEqual(400);
      // Requests are the creator's own; sealed and verified tokens are everyone's.
      const bobReads = (
        await h.rest(bob, 'GET', `pattern_tokens?pattern_id=eq.${pattern.id}&select=status`)
      ).body as { status: string }[];
      expect(new Set(bobReads.map((r) => r.status))).toEqual(new Set(['sealed', 'verified']));
      const guestReads = (
        await h.rest(null, 'GET', `pattern_tokens?pattern_id=eq.${pattern.id}&select=status`)
      ).body as { status: string }[];
      expect(guestReads.length).toBe(bobReads.length);
      const aliceReads = (
        await h.rest(alice, 'GET', `pattern_tokens?pattern_id=eq.${pattern.id}&select=status`)
      ).body as { status: string }[];
      expect(aliceReads.map((r) => r.status)).toContain('requested');
    });

    it('the route is registered in the server app', async () => {
      const { createPneumaServer } = await import('../../../server/app');
      const app = createPneumaServer({ db, secrets: await testSecrets(), distDir: null }).app;
      const r = await app.request(`/api/flow/tokens/${pattern.id}`, {
        headers: { apikey: h.anon },
      });
      expect(r.status).toBe(200);
    });
  });
}
