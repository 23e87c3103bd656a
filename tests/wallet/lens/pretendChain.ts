/**
 * A pretend chain for the Lens unit tests: a wallet (an ethers key) signs the transaction
 * Lens handed back and "broadcasts" it here; the fake Lens reads it back by hash. An EIP-1559
 * transaction is signed and parsed by ethers; a zkSync EIP-712 one (Lens Chain's sponsored
 * kind) is signed with the app's own typed data and serialised by the app's own code, then
 * parsed by the reference zksync-ethers, and its sender is the address its signature
 * recovers to, so a wrong signature or encoding is not "sent" by the wallet.
 * The hash is keccak256 of the signed bytes (a zkSync node hashes 0x71 transactions otherwise).
 */
import { keccak256, recoverAddress, Transaction, type Wallet, type HDNodeWallet } from 'ethers';
import { EIP712Signer, utils } from 'zksync-ethers';
import type { LensTransaction } from '../../../src/wallet/lens/lensClient';
import {
  serializeZkSyncEip712,
  ZKSYNC_EIP712_TYPES,
  zkSyncDomain,
  zkSyncSignInput,
} from '../../../src/wallet/zkSyncEip712';

type Signer = Wallet | HDNodeWallet;

export function createPretendChain() {
  const txs = new Map<string, { from: string; data: string }>();

  async function send(wallet: Signer, tx: LensTransaction): Promise<string> {
    let signed: string;
    let sent: { from: string; data: string };
    if (tx.kind === 'eip712') {
      const signature = await wallet.signTypedData(
        zkSyncDomain(tx.chainId),
        ZKSYNC_EIP712_TYPES,
        zkSyncSignInput(tx),
      );
      signed = serializeZkSyncEip712(tx, signature);
      const parsed = utils.parseEip712(signed);
      const sig = String(parsed.customData?.customSignature);
      sent = {
        from: recoverAddress(EIP712Signer.getSignedDigest(parsed), sig),
        data: String(parsed.data),
      };
    } else {
      signed = await wallet.signTransaction({
        type: 2,
        to: tx.to,
        data: tx.data,
        value: BigInt(tx.value),
        gasLimit: tx.gasLimit,
        maxFeePerGas: BigInt(tx.maxFeePerGas),
        maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
        chainId: tx.chainId,
        nonce: tx.nonce,
      });
      const parsed = Transaction.from(signed);
      sent = { from: parsed.from!, data: parsed.data };
    }
    const hash = keccak256(signed);
    txs.set(hash, sent);
    return hash;
  }

  return {
    send,
    readTransaction: (hash: string) => Promise.resolve(txs.get(hash) ?? null),
  };
}
