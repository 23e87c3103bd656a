/**
 * The zkSync-style EIP-712 transaction (Lens Chain's sponsored transactions) the app signs and
 * sends, checked against the reference implementation zksync-ethers (6.21.1, pinned): the
 * typed data and digest the wallet signs are the ones zksync-ethers computes, the bytes the
 * app sends are byte for byte what zksync-ethers serialises, zksync-ethers parses them back
 * to the same transaction, and the signature inside recovers to the wallet.
 * What this does not prove: that Lens Chain accepts the transaction (no node runs here) or
 * that a given browser wallet signs such typed data (here an ethers key does).
 */
import { getAddress, recoverAddress, TypedDataEncoder, Wallet } from 'ethers';
import { EIP712Signer, utils } from 'zksync-ethers';
import { describe, expect, it } from 'vitest';
import {
  serializeZkSyncEip712,
  ZKSYNC_EIP712_TYPES,
  zkSyncDomain,
  zkSyncSignInput,
  type ZkSyncEip712Transaction,
} from '../../src/wallet/zkSyncEip712';

const wallet = Wallet.createRandom();
const tx: ZkSyncEip712Transaction = {
  from: wallet.address,
  to: getAddress('0x00000000000000000000000000000000000000ab'),
  nonce: 7,
  gasLimit: '250000',
  maxFeePerGas: '50000000',
  maxPriorityFeePerGas: '0',
  value: '0',
  data: '0x1234abcd',
  chainId: 37111,
  gasPerPubdata: '50000',
  factoryDeps: [],
  paymaster: getAddress('0x00000000000000000000000000000000000000cd'),
  paymasterInput: '0x8c5a344500000000000000000000000000000000000000000000000000000000',
};
/** The same transaction as zksync-ethers takes it. */
const reference = {
  type: utils.EIP712_TX_TYPE,
  from: tx.from,
  to: tx.to,
  nonce: tx.nonce,
  gasLimit: BigInt(tx.gasLimit),
  maxFeePerGas: BigInt(tx.maxFeePerGas),
  maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
  value: BigInt(tx.value),
  data: tx.data,
  chainId: BigInt(tx.chainId),
  customData: {
    gasPerPubdata: BigInt(tx.gasPerPubdata),
    factoryDeps: [],
    paymasterParams: { paymaster: tx.paymaster!, paymasterInput: tx.paymasterInput! },
  },
};

describe('zkSync EIP-712 transactions, against zksync-ethers', () => {
  it('signs the same typed data and digest', () => {
    const ours = TypedDataEncoder.hash(
      zkSyncDomain(tx.chainId),
      ZKSYNC_EIP712_TYPES,
      zkSyncSignInput(tx),
    );
    expect(ours).toBe(EIP712Signer.getSignedDigest(reference));
    expect(zkSyncSignInput(tx)).toEqual({
      ...EIP712Signer.getSignInput(reference),
      txType: 0x71,
      nonce: 7,
    });
    const tipped = { ...tx, maxPriorityFeePerGas: '1000' };
    expect(
      TypedDataEncoder.hash(zkSyncDomain(tx.chainId), ZKSYNC_EIP712_TYPES, zkSyncSignInput(tipped)),
    ).toBe(EIP712Signer.getSignedDigest({ ...reference, maxPriorityFeePerGas: 1000n }));
  });

  it('serialises byte for byte as zksync-ethers, which parses it back and recovers the wallet', async () => {
    const signature = await wallet.signTypedData(
      zkSyncDomain(tx.chainId),
      ZKSYNC_EIP712_TYPES,
      zkSyncSignInput(tx),
    );
    const ours = serializeZkSyncEip712(tx, signature);
    expect(ours).toBe(
      utils.serializeEip712({
        ...reference,
        customData: { ...reference.customData, customSignature: signature },
      }),
    );
    const parsed = utils.parseEip712(ours);
    expect(parsed.from).toBe(wallet.address);
    expect(parsed.to).toBe(tx.to);
    expect(parsed.data).toBe('0x1234abcd');
    expect(parsed.customData?.paymasterParams?.paymaster).toBe(tx.paymaster);
    expect(recoverAddress(EIP712Signer.getSignedDigest(parsed), signature)).toBe(wallet.address);
  });

  it('refuses a transaction that deploys contracts, and an empty signature', () => {
    expect(() => zkSyncSignInput({ ...tx, factoryDeps: ['0x00'] })).toThrow('deploys contracts');
    expect(() => serializeZkSyncEip712(tx, '0x')).toThrow('empty signature');
  });
});
