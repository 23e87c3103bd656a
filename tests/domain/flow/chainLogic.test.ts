import { describe, expect, it } from 'vitest';
import { normalizeFlowAddress, shortFlowAddress } from '../../../src/domain/flow/address';
import { toUInt64, transferArgs } from '../../../src/domain/flow/args';
import { settleWithLimit } from '../../../src/domain/flow/batch';
import { resolveFlowConfig } from '../../../src/domain/flow/config';
import { FLOW_TX, flowRetryDelay } from '../../../src/domain/flow/constants';
import { mintedTokens } from '../../../src/domain/flow/events';
import { resolveImports, UnresolvedImportError } from '../../../src/domain/flow/imports';
import { decodeEventPayload } from '../../../src/domain/flow/jsonCdc';
import {
  isRetryableFlowError,
  isUserRejection,
  txOutcome,
  txStatusName,
  txTimeoutMessage,
} from '../../../src/domain/flow/txStatus';

describe('Flow constants', () => {
  it('transactions: limit 1000, 30 s, 3 retries growing 1 s per try, 1 s polling, 3 concurrent', () => {
    expect(FLOW_TX).toEqual({
      gasLimit: 1000,
      timeoutMs: 30_000,
      retries: 3,
      retryStepMs: 1000,
      pollIntervalMs: 1000,
      batchConcurrency: 3,
    });
    expect([1, 2, 3].map(flowRetryDelay)).toEqual([1000, 2000, 3000]);
  });
});

describe('configuration', () => {
  it('defaults to testnet and says what is missing', () => {
    const c = resolveFlowConfig({});
    expect(c.network).toBe('testnet');
    expect(c.accessNode).toBe('https://rest-testnet.onflow.org');
    expect(c.contractAddress).toBeNull();
    expect(c.problem).toMatch(/VITE_FLOW_CONTRACT_ADDRESS/);
  });
  it('mainnet with a contract address; emulator defaults to the service account', () => {
    const m = resolveFlowConfig({
      VITE_FLOW_NETWORK: 'mainnet',
      VITE_FLOW_CONTRACT_ADDRESS: 'ABCDEF0123456789',
    });
    expect(m).toMatchObject({
      network: 'mainnet',
      accessNode: 'https://rest-mainnet.onflow.org',
      contractAddress: '0xabcdef0123456789',
      problem: null,
    });
    expect(m.addresses.NonFungibleToken).toBe('0x1d7e57aa55817448');
    const e = resolveFlowConfig({ VITE_FLOW_NETWORK: 'emulator' });
    expect(e).toMatchObject({
      accessNode: 'http://127.0.0.1:8888',
      contractAddress: '0xf8d6e0586b0a20c7',
      problem: null,
    });
  });
  it('refuses a bad network, URL or address with a clear problem', () => {
    expect(
      resolveFlowConfig({
        VITE_FLOW_NETWORK: 'devnet',
        VITE_FLOW_CONTRACT_ADDRESS: '0x0123456789abcdef',
      }).problem,
    ).toMatch(/testnet, mainnet or emulator/);
    expect(
      resolveFlowConfig({
        VITE_FLOW_ACCESS_URL: 'ftp://x',
        VITE_FLOW_CONTRACT_ADDRESS: '0x0123456789abcdef',
      }).problem,
    ).toMatch(/VITE_FLOW_ACCESS_URL/);
    expect(resolveFlowConfig({ VITE_FLOW_CONTRACT_ADDRESS: '0x12' }).problem).toMatch(
      /must be a Flow address/,
    );
  });
});

describe('addresses and arguments', () => {
  it('normalises and shortens addresses (first 6 characters)', () => {
    expect(normalizeFlowAddress(' 0xABCDEF0123456789 ')).toBe('0xabcdef0123456789');
    expect(normalizeFlowAddress('0x123')).toBeNull();
    expect(normalizeFlowAddress(42)).toBeNull();
    expect(shortFlowAddress('0xabcdef0123456789')).toBe('0xabcd');
  });
  it('formats UInt64 (UFix64: tests/domain/tokens/mintInput.test.ts, through the mint arguments)', () => {
    expect(toUInt64('18446744073709551615')).toBe('18446744073709551615');
    expect(() => toUInt64('18446744073709551616')).toThrow(RangeError);
    expect(() => toUInt64('1.5')).toThrow(RangeError);
    expect(transferArgs('0x01', '7')).toEqual([
      { name: 'recipient', type: 'Address', value: '0x01' },
      { name: 'id', type: 'UInt64', value: '7' },
    ]);
  });
  it('resolves named imports only, and refuses an unknown contract', () => {
    const src = 'import "A"\n  import "B"\nlet s = "import \\"A\\""\n';
    expect(resolveImports(src, { A: '0x01', B: '0x02' })).toBe(
      'import A from 0x01\n  import B from 0x02\nlet s = "import \\"A\\""\n',
    );
    expect(() => resolveImports('import "C"', {})).toThrow(UnresolvedImportError);
  });
});

describe('transaction status', () => {
  it('sealed without error is success; expired and errors fail; others wait', () => {
    expect(txOutcome({ status: 4 })).toEqual({ kind: 'success' });
    expect(txOutcome({ status: 4, errorMessage: 'boom' })).toEqual({
      kind: 'failed',
      message: 'Transaction failed: boom',
    });
    expect(txOutcome({ status: 5 }).kind).toBe('failed');
    for (const s of [0, 1, 2, 3]) expect(txOutcome({ status: s })).toEqual({ kind: 'waiting' });
    expect([0, 1, 2, 3, 4, 5, 9].map(txStatusName)).toEqual([
      'unknown',
      'pending',
      'finalized',
      'executed',
      'sealed',
      'expired',
      'unknown',
    ]);
    expect(txTimeoutMessage('ab')).toBe('Transaction ab timed out after 30000ms');
  });
  it('retries network trouble and sequence numbers, never a refusal', () => {
    expect(isRetryableFlowError('HTTP Request Error: error=fetch failed')).toBe(true);
    expect(
      isRetryableFlowError('[Error Code: 1007] invalid proposal key: sequence number mismatch'),
    ).toBe(true);
    expect(isRetryableFlowError('Declined: Externally Halted')).toBe(false);
    expect(isRetryableFlowError('pre-condition failed')).toBe(false);
    expect(isUserRejection('User rejected the request')).toBe(true);
  });
});

describe('events and JSON-Cadence', () => {
  const minted = (id: string, patternId: string) => ({
    type: 'A.0123456789abcdef.BreathingPatternNFT.Minted',
    data: { id, patternId },
  });
  it('reads minted ids of this pattern and the owner they went to', () => {
    const events = [
      minted('5', 'p1'),
      minted('6', 'other'),
      {
        type: 'A.631e88ae7f1d7c20.NonFungibleToken.Deposited',
        data: {
          type: 'A.0123456789abcdef.BreathingPatternNFT.NFT',
          id: '5',
          to: '0x1122334455667788',
        },
      },
      {
        type: 'A.631e88ae7f1d7c20.NonFungibleToken.Deposited',
        data: { type: 'A.9999999999999999.Other.NFT', id: '5', to: '0xdead' },
      },
    ];
    expect(mintedTokens(events, '0x0123456789abcdef', 'p1')).toEqual({
      tokenIds: ['5'],
      owner: '0x1122334455667788',
    });
    expect(mintedTokens(events, '0x0000000000000001', 'p1')).toEqual({ tokenIds: [], owner: null });
  });
  it('decodes values, optionals, arrays, dictionaries and events', () => {
    // A value as the one field of an event's payload.
    const decodeJsonCdc = (value: unknown) =>
      decodeEventPayload('E', btoa(JSON.stringify({ type: 'Event', value: { id: 'E', fields: [{ name: 'v', value }] } }))).data.v;
    expect(decodeJsonCdc({ type: 'Optional', value: null })).toBeNull();
    expect(decodeJsonCdc({ type: 'Array', value: [{ type: 'UInt64', value: '1' }] })).toEqual([
      '1',
    ]);
    expect(
      decodeJsonCdc({
        type: 'Dictionary',
        value: [{ key: { type: 'String', value: 'k' }, value: { type: 'Bool', value: true } }],
      }),
    ).toEqual({ k: true });
    const payload = btoa(
      JSON.stringify({
        type: 'Event',
        value: {
          id: 'A.x.C.E',
          fields: [
            { name: 'to', value: { type: 'Optional', value: { type: 'Address', value: '0x01' } } },
          ],
        },
      }),
    );
    expect(decodeEventPayload('A.x.C.E', payload)).toEqual({
      type: 'A.x.C.E',
      data: { to: '0x01' },
    });
    expect(() => decodeEventPayload('E', btoa('3'))).toThrow(TypeError);
    expect(() => decodeJsonCdc(3)).toThrow(TypeError);
  });
});

describe('batches', () => {
  it('keeps at most the limit in flight and keeps the order; failures settle too', async () => {
    let inFlight = 0;
    let most = 0;
    const r = await settleWithLimit([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((res) => setTimeout(res, 5 * (8 - n)));
      inFlight--;
      if (n === 4) throw new Error('four');
      return n * 10;
    });
    expect(most).toBe(3);
    expect(r.map((x) => (x.status === 'fulfilled' ? x.value : 'x'))).toEqual([
      10,
      20,
      30,
      'x',
      50,
      60,
      70,
    ]);
    expect(await settleWithLimit([], 3, () => Promise.resolve(1))).toEqual([]);
  });
});
