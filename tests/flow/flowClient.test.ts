/**
 * The Flow client (src/flow/flowClient.ts) with the real @onflow/fcl, its real HTTP
 * transport and a test signer, against an in-process fake of the Flow REST access API
 * (./fakeAccessApi.ts) on loopback.
 *
 * What this proves: our client builds and sends the right requests: the exact Cadence of
 * each file in src/flow/cadence with its imports resolved to the network's addresses, the
 * arguments with their Cadence types and values, the proposer, payer and authorizers, the
 * compute limit; that it parses script results and sealed transactions' events; that it
 * reads the status every 1 s, stops at sealed or expired, times out after 30 s, retries a
 * transient failure 3 times (1 s, 2 s, 3 s) and never retries a refusal; that batches keep
 * at most 3 transactions in flight; and that it refuses actions without a connected wallet.
 *
 * What it does not prove: that the contract deploys, type-checks or runs on a real Flow node
 * (no emulator exists here; the Cadence files are only parsed, see cadenceParse.test.ts),
 * that real signatures verify, or that a real wallet (discovery pop-up) works.
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- @onflow/fcl has no types of its own
/// <reference path="../../src/flow/fcl.d.ts" />
import * as fcl from '@onflow/fcl';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveFlowConfig, type FlowConfig } from '../../src/domain/flow/config';
import { FLOW_TEXT } from '../../src/domain/flow/messages';
import {
  buildTokenMetadata,
  mintRequestSchema,
  patternMarketplaceUrl,
  type PatternTokenMetadata,
} from '../../src/domain/tokens/mintInput';
import { FlowClient, type FclModule } from '../../src/flow/flowClient';
import { configureFcl } from '../../src/flow/loadFlowClient';
import {
  BLOCK_ID,
  HttpAnswer,
  SEQUENCE_NUMBER,
  cdc,
  startFakeAccessApi,
  type FakeAccessApi,
} from './fakeAccessApi';

const CONTRACT = '0x0123456789abcdef';
const USER = '0x1122334455667788';
const FRIEND = '0x8877665544332211';
const PATTERN_ID = '6f1d1c3e-8a4b-4f7e-9a51-2b7c1d9e0f11';

function cadenceFile(path: string): string {
  return readFileSync(new URL(`../../src/flow/cadence/${path}`, import.meta.url), 'utf8');
}

/** The file's text with `import "X"` resolved as the client must resolve it on testnet. */
function resolvedCadence(path: string): string {
  return cadenceFile(path)
    .replace('import "FungibleToken"', 'import FungibleToken from 0x9a0766d93b6608b7')
    .replace('import "NonFungibleToken"', 'import NonFungibleToken from 0x631e88ae7f1d7c20')
    .replace('import "MetadataViews"', 'import MetadataViews from 0x631e88ae7f1d7c20')
    .replace('import "BreathingPatternNFT"', `import BreathingPatternNFT from ${CONTRACT}`);
}

const signature = 'ab'.repeat(64);
const signed: string[] = [];
/** A test signer for USER's key 0 (the fake does not verify signatures). */
const authz: fcl.AuthorizationFunction = (account: Record<string, unknown>) => ({
  ...account,
  tempId: `${USER}-0`,
  addr: USER.slice(2),
  keyId: 0,
  signingFunction: (signable: { message: string }) => {
    signed.push(signable.message);
    return Promise.resolve({ addr: USER, keyId: 0, signature });
  },
});

let loggedIn = true;
const fakeUser: fcl.CurrentUser = {
  snapshot: () =>
    Promise.resolve(loggedIn ? { addr: USER, loggedIn: true } : { addr: null, loggedIn: null }),
  subscribe: () => () => undefined,
  authenticate: () => Promise.resolve({ addr: USER, loggedIn: true }),
  unauthenticate: () => undefined,
  authorization: authz,
};

function metadata(
  over: Partial<Parameters<typeof mintRequestSchema.parse>[0]> = {},
): PatternTokenMetadata {
  const request = mintRequestSchema.parse({
    patternId: PATTERN_ID,
    network: 'testnet',
    recipient: USER,
    royalties: [
      { receiver: USER, percent: 5, description: 'Creator royalty' },
      { receiver: FRIEND, percent: 2.5, description: 'Teacher' },
    ],
    tags: ['calm', 'evening'],
    totalCycles: 6,
    ...over,
  });
  return buildTokenMetadata(
    {
      id: PATTERN_ID,
      name: 'Evening Calm',
      description: 'Long exhales',
      inhale: 4,
      hold: 2,
      exhale: 6.5,
      rest: 0,
      difficulty: 'Beginner',
      category: 'sleep',
    },
    request,
    'https://pneuma.test/icons/icon-512.png',
    patternMarketplaceUrl('https://pneuma.test', { id: PATTERN_ID, name: 'Evening Calm' }),
  );
}

const EXTERNAL_URL = 'https://pneuma.test/marketplace?q=Evening%20Calm#market-card-6f1d1c3e-8a4b-4f7e-9a51-2b7c1d9e0f11';

const mintedEvent = (id: string, patternId = PATTERN_ID) => ({
  type: `A.${CONTRACT.slice(2)}.BreathingPatternNFT.Minted`,
  payload: cdc.event(`A.${CONTRACT.slice(2)}.BreathingPatternNFT.Minted`, {
    id: cdc.uint64(id),
    uuid: cdc.uint64(id),
    patternId: cdc.str(patternId),
    name: cdc.str('Evening Calm'),
    creator: cdc.address(USER),
    edition: cdc.uint64('1'),
  }),
});
const depositedEvent = (id: string, to: string) => ({
  type: 'A.631e88ae7f1d7c20.NonFungibleToken.Deposited',
  payload: cdc.event('A.631e88ae7f1d7c20.NonFungibleToken.Deposited', {
    type: cdc.str(`A.${CONTRACT.slice(2)}.BreathingPatternNFT.NFT`),
    id: cdc.uint64(id),
    uuid: cdc.uint64(id),
    to: cdc.optional(cdc.address(to)),
    collectionUUID: cdc.uint64('9'),
  }),
});

describe('Flow client against a fake access API', () => {
  let api: FakeAccessApi;
  let config: FlowConfig;
  let clock = 0;
  let sleeps: number[] = [];
  let client: FlowClient;

  beforeAll(async () => {
    api = await startFakeAccessApi();
    config = {
      ...resolveFlowConfig({
        VITE_FLOW_NETWORK: 'testnet',
        VITE_FLOW_CONTRACT_ADDRESS: CONTRACT,
        VITE_FLOW_ACCESS_URL: api.url,
      }),
    };
    configureFcl(fcl as unknown as FclModule, config, 'https://pneuma.test');
  });
  afterAll(() => api.close());
  beforeEach(() => {
    clock = 0;
    sleeps = [];
    signed.length = 0;
    loggedIn = true;
    api.reset();
    const module = { ...(fcl as unknown as FclModule), currentUser: fakeUser };
    client = new FlowClient(module, config, {
      authz,
      now: () => clock,
      sleep: (ms) => {
        sleeps.push(ms);
        clock += ms;
        return Promise.resolve();
      },
    });
  });
  afterEach(() => {
    loggedIn = true;
  });

  it('resolves the configuration: testnet access node, contract and standard addresses', () => {
    expect(config.problem).toBeNull();
    expect(config.addresses).toMatchObject({
      NonFungibleToken: '0x631e88ae7f1d7c20',
      BreathingPatternNFT: CONTRACT,
    });
  });

  it('mints a published pattern: exact Cadence, typed arguments, signer roles, limit 1000; reads the token id and owner from the sealed events', async () => {
    const txId = '1'.padStart(64, '0');
    api.results.set(txId, [
      { status: 'Pending' },
      { status: 'Finalized' },
      { status: 'Executed' },
      { status: 'Sealed', events: [mintedEvent('4242'), depositedEvent('4242', USER)] },
    ]);
    const progress: string[] = [];
    const result = await client.mintPattern(metadata(), (p) =>
      progress.push(p.step === 'status' ? p.status : p.step),
    );

    expect(api.transactions).toHaveLength(1);
    const tx = api.transactions[0];
    expect(tx?.cadence).toBe(resolvedCadence('transactions/mint_pattern.cdc'));
    expect(tx?.arguments).toEqual([
      { type: 'String', value: PATTERN_ID },
      { type: 'String', value: 'Evening Calm' },
      { type: 'String', value: 'Long exhales' },
      { type: 'String', value: 'https://pneuma.test/icons/icon-512.png' },
      { type: 'String', value: EXTERNAL_URL },
      { type: 'UFix64', value: '4.00000000' },
      { type: 'UFix64', value: '2.00000000' },
      { type: 'UFix64', value: '6.50000000' },
      { type: 'UFix64', value: '0.00000000' },
      { type: 'String', value: 'Beginner' },
      { type: 'String', value: 'sleep' },
      {
        type: 'Array',
        value: [
          { type: 'String', value: 'calm' },
          { type: 'String', value: 'evening' },
        ],
      },
      { type: 'UInt64', value: '6' },
      { type: 'Address', value: USER },
      {
        type: 'Array',
        value: [
          { type: 'Address', value: USER },
          { type: 'Address', value: FRIEND },
        ],
      },
      {
        type: 'Array',
        value: [
          { type: 'UFix64', value: '0.05000000' },
          { type: 'UFix64', value: '0.02500000' },
        ],
      },
      {
        type: 'Array',
        value: [
          { type: 'String', value: 'Creator royalty' },
          { type: 'String', value: 'Teacher' },
        ],
      },
    ]);
    expect(tx?.gasLimit).toBe('1000');
    // The sealed-block check came first.
    const paths = api.requests.map((r) => `${r.method} ${r.path}`);
    const sealedCheck = paths.indexOf('GET /v1/blocks?height=sealed');
    expect(sealedCheck).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('POST /v1/transactions')).toBeGreaterThan(sealedCheck);
    expect(tx?.payer).toBe(USER.slice(2));
    expect(tx?.authorizers).toEqual([USER.slice(2)]);
    expect(tx?.proposalKey).toEqual({
      address: USER.slice(2),
      key_index: '0',
      sequence_number: String(SEQUENCE_NUMBER),
    });
    expect(tx?.referenceBlockId).toBe(BLOCK_ID);
    expect(tx?.envelopeSignatures).toEqual([
      {
        address: USER.slice(2),
        key_index: '0',
        signature: Buffer.from(signature, 'hex').toString('base64'),
      },
    ]);
    expect(signed.length).toBeGreaterThan(0);

    expect(result).toMatchObject({ txId, tokenIds: ['4242'], owner: USER });
    expect(progress).toEqual([
      'signing',
      'submitted',
      'pending',
      'finalized',
      'executed',
      'sealed',
    ]);
    // Status read every 1 s until sealed.
    expect(sleeps).toEqual([1000, 1000, 1000]);
    expect(api.requests.filter((r) => r.path === `/v1/transaction_results/${txId}`)).toHaveLength(
      4,
    );
  });

  it('mints several editions of one pattern in one batch_mint_pattern transaction (copies argument after totalCycles)', async () => {
    api.results.set('1'.padStart(64, '0'), [
      {
        status: 'Sealed',
        events: [
          mintedEvent('1'),
          mintedEvent('2'),
          depositedEvent('1', USER),
          depositedEvent('2', USER),
        ],
      },
    ]);
    const r = await client.mintPattern(metadata({ copies: 2 }));
    const tx = api.transactions[0];
    expect(tx?.cadence).toBe(resolvedCadence('transactions/batch_mint_pattern.cdc'));
    expect(tx?.arguments[13]).toEqual({ type: 'UInt64', value: '2' });
    expect(tx?.arguments[4]).toEqual({ type: 'String', value: EXTERNAL_URL });
    expect(tx?.arguments).toHaveLength(18);
    expect(r.tokenIds).toEqual(['1', '2']);
  });

  it('sets the account up once: runs setup_account only when is_account_ready says false', async () => {
    let ready = false;
    api.onScript = (call) => {
      expect(call.cadence).toBe(resolvedCadence('scripts/is_account_ready.cdc'));
      expect(call.arguments).toEqual([{ type: 'Address', value: USER }]);
      return cdc.bool(ready);
    };
    expect(await client.ensureAccountSetup()).toBe(true);
    expect(api.transactions).toHaveLength(1);
    expect(api.transactions[0]?.cadence).toBe(resolvedCadence('transactions/setup_account.cdc'));
    expect(api.transactions[0]?.arguments).toEqual([]);
    expect(api.transactions[0]?.authorizers).toEqual([USER.slice(2)]);
    ready = true;
    expect(await client.ensureAccountSetup()).toBe(false);
    expect(api.transactions).toHaveLength(1);
  });

  it('transfers a token: recipient and id as Address and UInt64', async () => {
    await client.transfer(FRIEND, '4242');
    expect(api.transactions[0]?.cadence).toBe(resolvedCadence('transactions/transfer_pattern.cdc'));
    expect(api.transactions[0]?.arguments).toEqual([
      { type: 'Address', value: FRIEND },
      { type: 'UInt64', value: '4242' },
    ]);
  });

  it('reads scripts: collection ids, account info (cached 60 s), token metadata', async () => {
    api.onScript = (call) => {
      if (call.cadence === resolvedCadence('scripts/get_collection_ids.cdc'))
        return cdc.array([cdc.uint64('3'), cdc.uint64('18446744073709551615')]);
      if (call.cadence === resolvedCadence('scripts/get_account_info.cdc'))
        return cdc.struct('s.FlowAccountInfo', {
          address: cdc.address(USER),
          balance: cdc.ufix('12.50000000'),
          isInitialized: cdc.bool(true),
        });
      if (call.cadence === resolvedCadence('scripts/get_pattern_metadata.cdc'))
        return cdc.optional(
          cdc.struct('s.PatternTokenMetadata', {
            pattern: cdc.struct(`A.${CONTRACT.slice(2)}.BreathingPatternNFT.PatternView`, {
              id: cdc.uint64('3'),
              patternId: cdc.str(PATTERN_ID),
              name: cdc.str('Evening Calm'),
            }),
            externalURL: cdc.optional(cdc.str(EXTERNAL_URL)),
            royalties: cdc.array([
              cdc.struct('s.RoyaltyInfo', {
                receiver: cdc.address(USER),
                cut: cdc.ufix('0.05000000'),
                description: cdc.str('Creator royalty'),
              }),
            ]),
          }),
        );
      throw new Error('unexpected script');
    };
    expect(await client.collectionIds()).toEqual(['3', '18446744073709551615']);
    expect(await client.accountInfo(FRIEND.toUpperCase().replace('0X', '0x'))).toEqual({
      address: USER,
      balance: '12.50000000',
      isInitialized: true,
    });
    await client.accountInfo(FRIEND);
    expect(
      api.scripts.filter((s) => s.cadence === resolvedCadence('scripts/get_account_info.cdc')),
    ).toHaveLength(1);
    clock += 60_001;
    await client.accountInfo(FRIEND);
    expect(
      api.scripts.filter((s) => s.cadence === resolvedCadence('scripts/get_account_info.cdc')),
    ).toHaveLength(2);
    const details = await client.tokenMetadata('3');
    expect(details?.pattern).toMatchObject({ id: '3', patternId: PATTERN_ID });
    // The token's MetadataViews.ExternalURL, as get_pattern_metadata.cdc resolves it.
    expect(details?.externalURL).toBe(EXTERNAL_URL);
    expect(cadenceFile('scripts/get_pattern_metadata.cdc')).toContain('MetadataViews.getExternalURL(nft!)');
    expect(details?.royalties).toEqual([
      { receiver: USER, cut: '0.05000000', description: 'Creator royalty' },
    ]);
    expect(api.scripts.at(-1)?.arguments).toEqual([
      { type: 'Address', value: USER },
      { type: 'UInt64', value: '3' },
    ]);
  });

  it("times out after 30 s of unsealed status reads: 'Transaction {id} timed out after 30000ms'", async () => {
    const txId = '1'.padStart(64, '0');
    api.results.set(txId, [{ status: 'Pending' }]);
    api.onSubmit = (_tx, i) =>
      i === 0 ? { id: txId } : { status: 400, message: 'no second try expected' };
    await expect(client.transfer(FRIEND, '1')).rejects.toThrow(
      `Transaction ${txId} timed out after 30000ms`,
    );
    expect(sleeps.every((ms) => ms === 1000)).toBe(true);
    expect(clock).toBe(30_000);
    expect(api.transactions).toHaveLength(1);
  });

  it("reports a failed execution as 'Transaction failed: …' without retrying, and expiry as final", async () => {
    api.results.set('1'.padStart(64, '0'), [
      { status: 'Sealed', error_message: '[Error Code: 1101] pre-condition failed' },
    ]);
    await expect(client.transfer(FRIEND, '1')).rejects.toThrow(
      'Transaction failed: [Error Code: 1101] pre-condition failed',
    );
    expect(api.transactions).toHaveLength(1);
    api.results.set('2'.padStart(64, '0'), [{ status: 'Expired' }]);
    await expect(client.transfer(FRIEND, '1')).rejects.toThrow(/^Transaction failed: /);
  });

  it('retries a transient failure 3 times, waiting 1 s, 2 s, 3 s, then gives up', async () => {
    // A dropped connection (FCL's transport retries 5xx answers itself, but not this).
    api.onSubmit = () => 'drop';
    await expect(client.transfer(FRIEND, '1')).rejects.toThrow();
    expect(sleeps).toEqual([1000, 2000, 3000]);
    expect(api.requests.filter((r) => r.path === '/v1/transactions')).toHaveLength(4);
  });

  it('retries when a concurrent transaction took the sequence number, and succeeds', async () => {
    api.results.set('1'.padStart(64, '0'), [
      {
        status: 'Sealed',
        error_message: '[Error Code: 1007] invalid proposal key: sequence number mismatch',
      },
    ]);
    await client.transfer(FRIEND, '1');
    expect(api.transactions).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
  });

  it('never retries after the user declined in the wallet', async () => {
    const declining: fcl.AuthorizationFunction = (account: Record<string, unknown>) => ({
      ...account,
      tempId: `${USER}-0`,
      addr: USER.slice(2),
      keyId: 0,
      signingFunction: () => Promise.reject(new Error('Declined: Externally Halted')),
    });
    const c = new FlowClient({ ...(fcl as unknown as FclModule), currentUser: fakeUser }, config, {
      authz: declining,
      sleep: () => Promise.resolve(),
      now: () => 0,
    });
    await expect(c.transfer(FRIEND, '1')).rejects.toMatchObject({ code: 'rejected' });
    expect(api.requests.filter((r) => r.path === '/v1/transactions')).toHaveLength(0);
  });

  it('batch mint keeps at most 3 transactions in flight and settles every item', async () => {
    let inFlight = 0;
    let most = 0;
    const gate: (() => void)[] = [];
    api.onSubmit = (_tx, i) => ({ id: (i + 1).toString(16).padStart(64, '0') });
    const module = { ...(fcl as unknown as FclModule), currentUser: fakeUser };
    const c = new FlowClient(
      {
        ...module,
        mutate: async (opts: fcl.MutateOptions) => {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise<void>((r) => gate.push(r));
          try {
            return await module.mutate(opts);
          } finally {
            inFlight--;
          }
        },
      },
      config,
      { authz, sleep: () => Promise.resolve(), now: () => 0 },
    );
    const items = Array.from({ length: 7 }, () => metadata());
    const done = c.batchMint(items);
    for (let released = 0; released < 7;) {
      await new Promise((r) => setTimeout(r, 20));
      const g = gate.shift();
      if (g) {
        g();
        released++;
      }
    }
    const results = await done;
    expect(most).toBe(3);
    expect(results.map((r) => r.status)).toEqual(Array(7).fill('fulfilled'));
    expect(api.transactions).toHaveLength(7);
  });

  it("refuses token-wallet actions without a connected wallet: 'Not connected to Flow wallet', 'No address provided and user not connected'", async () => {
    loggedIn = false;
    await expect(client.transfer(FRIEND, '1')).rejects.toThrow(FLOW_TEXT.notConnected);
    await expect(client.mintPattern(metadata())).rejects.toThrow(FLOW_TEXT.notConnected);
    await expect(client.collectionIds()).rejects.toThrow(FLOW_TEXT.noAddress);
    expect(api.requests).toHaveLength(0);
  });

  it("an address the chain does not know: 'Account not found'", async () => {
    api.onScript = () =>
      new HttpAnswer(
        400,
        'failed to execute script: could not find account with address 0000000000000bad',
      );
    await expect(client.accountInfo('0x0000000000000bad')).rejects.toThrow('Account not found');
  });

  it("does not mint when the access node cannot give its sealed block: 'The Flow network cannot be reached'", async () => {
    api.sealedDown = true;
    await expect(client.mintPattern(metadata())).rejects.toThrow(FLOW_TEXT.unreachable);
    expect(FLOW_TEXT.unreachable).toBe('The Flow network cannot be reached');
    expect(api.transactions).toHaveLength(0);
    expect(signed).toHaveLength(0);
    const module = { ...(fcl as unknown as FclModule), currentUser: fakeUser };
    const unreachable = new FlowClient(module, { ...config, accessNode: 'http://127.0.0.1:1' }, { authz });
    await expect(unreachable.mintPattern(metadata())).rejects.toThrow('The Flow network cannot be reached');
    api.sealedDown = false;
    expect(await client.sealedHeight()).toBe('1000');
  });

  it('cannot cancel a transaction on Flow', () => {
    expect(() => client.cancelTransaction()).toThrow(
      'Transaction cancellation is not supported on Flow blockchain',
    );
  });
});
