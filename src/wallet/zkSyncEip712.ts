import {
  encodeRlp,
  getAddress,
  getBytes,
  hexlify,
  toBeArray,
  ZeroAddress,
  type TypedDataField,
} from 'ethers';

/**
 * zkSync-style EIP-712 transactions (type 0x71), the kind Lens Chain uses for gas-sponsored
 * transactions (Lens' SponsoredTransactionRequest; docs/product.md § Wallets and tokens): the
 * wallet signs the transaction as EIP-712 typed data (domain zkSync, version 2) and the
 * signature travels inside the transaction as its customSignature. Written after the
 * zksync-ethers reference implementation; tests/wallet/zkSyncEip712.test.ts checks the typed
 * data, the digest and the serialised bytes against zksync-ethers itself. Only transactions
 * without factory dependencies (no contract deployment) are supported.
 */

const ZKSYNC_EIP712_TX_TYPE = 0x71;

export interface ZkSyncEip712Transaction {
  from: string;
  to: string;
  nonce: number;
  /** Wei and gas as decimal strings or numbers. */
  gasLimit: string | number;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  value: string;
  data: string;
  chainId: number;
  gasPerPubdata: string;
  /** Must be empty (contract deployment is not supported). */
  factoryDeps: string[];
  paymaster: string | null;
  paymasterInput: string | null;
}

/** The typed data's type (zkSync's `Transaction`); addresses travel as uint256. */
export const ZKSYNC_EIP712_TYPES: Record<string, TypedDataField[]> = {
  Transaction: [
    { name: 'txType', type: 'uint256' },
    { name: 'from', type: 'uint256' },
    { name: 'to', type: 'uint256' },
    { name: 'gasLimit', type: 'uint256' },
    { name: 'gasPerPubdataByteLimit', type: 'uint256' },
    { name: 'maxFeePerGas', type: 'uint256' },
    { name: 'maxPriorityFeePerGas', type: 'uint256' },
    { name: 'paymaster', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'factoryDeps', type: 'bytes32[]' },
    { name: 'paymasterInput', type: 'bytes' },
  ],
};

export function zkSyncDomain(chainId: number) {
  return { name: 'zkSync', version: '2', chainId };
}

/** As zksync-ethers: a zero priority fee is signed and sent as the max fee (the fields agree). */
const priorityFee = (tx: ZkSyncEip712Transaction): bigint =>
  BigInt(tx.maxPriorityFeePerGas) || BigInt(tx.maxFeePerGas);

function checkSupported(tx: ZkSyncEip712Transaction): void {
  if (tx.factoryDeps.length > 0)
    throw new Error('A Lens Chain transaction that deploys contracts cannot be signed here');
}

/** The value the wallet signs (EIP-712 message of type Transaction). */
export function zkSyncSignInput(tx: ZkSyncEip712Transaction): Record<string, unknown> {
  checkSupported(tx);
  return {
    txType: ZKSYNC_EIP712_TX_TYPE,
    from: tx.from,
    to: tx.to,
    gasLimit: BigInt(tx.gasLimit),
    gasPerPubdataByteLimit: BigInt(tx.gasPerPubdata),
    maxFeePerGas: BigInt(tx.maxFeePerGas),
    maxPriorityFeePerGas: priorityFee(tx),
    paymaster: tx.paymaster ?? ZeroAddress,
    nonce: tx.nonce,
    value: BigInt(tx.value),
    data: tx.data,
    factoryDeps: [],
    paymasterInput: tx.paymasterInput ?? '0x',
  };
}

/** The signed transaction's bytes for eth_sendRawTransaction (0x71 || RLP(fields)). */
export function serializeZkSyncEip712(
  tx: ZkSyncEip712Transaction,
  customSignature: string,
): string {
  checkSupported(tx);
  if (getBytes(customSignature).length === 0) throw new Error('The wallet gave an empty signature');
  const fields = [
    toBeArray(tx.nonce),
    toBeArray(priorityFee(tx)),
    toBeArray(BigInt(tx.maxFeePerGas)),
    toBeArray(BigInt(tx.gasLimit)),
    getAddress(tx.to),
    toBeArray(BigInt(tx.value)),
    tx.data,
    toBeArray(tx.chainId),
    '0x',
    '0x',
    toBeArray(tx.chainId),
    getAddress(tx.from),
    toBeArray(BigInt(tx.gasPerPubdata)),
    [],
    customSignature,
    tx.paymaster ? [tx.paymaster, hexlify(tx.paymasterInput ?? '0x')] : [],
  ];
  return `0x71${encodeRlp(fields).slice(2)}`;
}
