import { keccak256, TypedDataEncoder, recoverAddress } from 'ethers';
import { EIP712Signer, utils } from 'zksync-ethers';
import { describe, expect, it } from 'vitest';
import { EvmClient, NO_BATCH_CALLS } from '../../src/wallet/evmClient';
import { fakeProvider, signerOf } from './fakeProvider';

describe('EvmClient over an EIP-1193 wallet', () => {
  it('requests accounts (checksummed) and reads the chain', async () => {
    const f = fakeProvider({ chainId: '0x89' });
    const c = new EvmClient(f.provider);
    expect(await c.accounts()).toEqual([]);
    expect(await c.requestAccounts()).toEqual([f.wallet.address]);
    expect(await c.chainId()).toBe('0x89');
  });

  it('switches to a known chain; an unknown one says to add it first, and adding works', async () => {
    const f = fakeProvider({ chains: ['0x1', '0xa4b1'] });
    const c = new EvmClient(f.provider);
    await c.switchChain('0xa4b1');
    expect(await c.chainId()).toBe('0xa4b1');
    await expect(c.switchChain('0x89')).rejects.toThrow(
      'Chain 0x89 not added to wallet. Use addChain() first.',
    );
    await c.addChain('0x89');
    expect(await c.chainId()).toBe('0x89');
    const add = f.calls.find((x) => x.method === 'wallet_addEthereumChain');
    expect(add?.params).toEqual([
      expect.objectContaining({
        chainId: '0x89',
        chainName: 'Polygon',
        nativeCurrency: expect.objectContaining({ symbol: 'POL' }),
      }),
    ]);
  });

  it('personal_sign and typed-data v4 signatures recover to the account', async () => {
    const f = fakeProvider();
    const c = new EvmClient(f.provider);
    const [address] = await c.requestAccounts();
    const sig = await c.signMessage(address!, 'Breathe in');
    expect(signerOf('Breathe in', sig)).toBe(address);
    const domain = { name: 'Pneuma', version: '1', chainId: 1 };
    const types = {
      Session: [
        { name: 'pattern', type: 'string' },
        { name: 'cycles', type: 'uint256' },
      ],
    };
    const value = { pattern: 'box', cycles: 4n };
    const typed = await c.signTypedData(address!, domain, types, value);
    expect(f.calls.some((x) => x.method === 'eth_signTypedData_v4')).toBe(true);
    expect(recoverAddress(TypedDataEncoder.hash(domain, types, value), typed)).toBe(address);
  });

  it('reads balances and says what is missing without an account', async () => {
    const f = fakeProvider();
    const c = new EvmClient(f.provider);
    const [address] = await c.requestAccounts();
    expect(await c.balance(address!)).toBe(10n ** 18n);
    expect(await c.tokenBalance('0x' + '11'.repeat(20), address!)).toBe(42n);
    await expect(c.balance(null)).rejects.toThrow('No address provided');
    await expect(c.signMessage(null, 'x')).rejects.toThrow('No connected account');
  });

  it('batch calls: refuses an empty batch, falls back to one transaction per call', async () => {
    const f = fakeProvider();
    const c = new EvmClient(f.provider);
    const [address] = await c.requestAccounts();
    await expect(c.batch(address!, '0x1', [])).rejects.toThrow(NO_BATCH_CALLS);
    expect(NO_BATCH_CALLS).toBe('No EVM calls provided for batch execution');
    const hashes = await c.batch(address!, '0x1', [
      { to: address! },
      { to: address!, value: '0x1' },
    ]);
    expect(hashes).toHaveLength(2);
    expect(f.calls.filter((x) => x.method === 'eth_sendTransaction')).toHaveLength(2);
  });

  it('sends a prepared transaction (Lens) on its chain: switches first, refuses another sender', async () => {
    const f = fakeProvider({ chains: ['0x1', '0x90f7'] });
    const c = new EvmClient(f.provider);
    const [address] = await c.requestAccounts();
    const tx = {
      to: '0x00000000000000000000000000000000000000ab',
      from: address!,
      data: '0x1234',
      value: '0',
      gasLimit: 100000,
      maxFeePerGas: '3000000000',
      maxPriorityFeePerGas: '1000000000',
      chainId: 37111,
    };
    const hash = await c.sendPrepared(address!, tx);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await c.chainId()).toBe('0x90f7');
    expect(f.calls.find((x) => x.method === 'eth_sendTransaction')?.params).toEqual([
      {
        from: address,
        to: tx.to,
        data: '0x1234',
        value: '0x0',
        gas: '0x186a0',
        maxFeePerGas: '0xb2d05e00',
        maxPriorityFeePerGas: '0x3b9aca00',
        type: '0x2',
      },
    ]);
    await expect(c.sendPrepared(address!, { ...tx, from: '0x00000000000000000000000000000000000000cd' })).rejects.toThrow(
      /must be sent by 0x0+cd/,
    );
    await expect(c.sendPrepared(address!, { ...tx, chainId: 232 })).rejects.toThrow(
      'Chain 0xe8 not added to wallet. Use addChain() first.',
    );
  });

  it('signs a zkSync EIP-712 transaction (Lens Chain, sponsored) as typed data and sends the raw bytes', async () => {
    const f = fakeProvider({ chains: ['0x1', '0x90f7'] });
    const c = new EvmClient(f.provider);
    const [address] = await c.requestAccounts();
    const tx = {
      from: address!,
      to: '0x00000000000000000000000000000000000000ab',
      nonce: 3,
      gasLimit: '300000',
      maxFeePerGas: '50000000',
      maxPriorityFeePerGas: '0',
      value: '0',
      data: '0xabcd',
      chainId: 37111,
      gasPerPubdata: '50000',
      factoryDeps: [],
      paymaster: '0x00000000000000000000000000000000000000cd',
      paymasterInput: '0x8c5a3445',
    };
    const hash = await c.sendZkSyncEip712(address!, tx);
    expect(await c.chainId()).toBe('0x90f7');
    expect(f.calls.some((x) => x.method === 'eth_signTypedData_v4')).toBe(true);
    const raw = (f.calls.find((x) => x.method === 'eth_sendRawTransaction')?.params as string[])[0]!;
    expect(hash).toBe(keccak256(raw));
    const parsed = utils.parseEip712(raw);
    expect(parsed.data).toBe('0xabcd');
    expect(recoverAddress(EIP712Signer.getSignedDigest(parsed), String(parsed.customData?.customSignature))).toBe(address);
    await expect(c.sendZkSyncEip712(address!, { ...tx, from: '0x00000000000000000000000000000000000000ef' })).rejects.toThrow(/must be sent by/);
  });
});
