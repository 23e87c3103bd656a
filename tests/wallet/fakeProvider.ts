import {
  AbiCoder,
  Signature,
  TypedDataEncoder,
  Wallet,
  getBytes,
  hashMessage,
  keccak256,
  recoverAddress,
  toUtf8String,
  type HDNodeWallet,
} from 'ethers';
import type { Eip1193Provider } from '../../src/wallet/eip1193';

type Listener = (...args: unknown[]) => void;

function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

/**
 * A fake EIP-1193 wallet for unit tests: real keys (ethers) sign personal_sign and
 * eth_signTypedData_v4, so a signature can be checked by recovery; chains it knows can be
 * switched to, others answer 4902 until added; balances and an ERC-20 balanceOf are fixed
 * answers. It records every request. It proves the client speaks EIP-1193 as wallets do;
 * it is not a chain (e2e/wallet.spec.ts runs against hardhat's EDR for that).
 */
export function fakeProvider(
  opts: { chains?: string[]; chainId?: string; reject?: Set<string> } = {},
) {
  const wallet: HDNodeWallet = Wallet.createRandom();
  const listeners = new Map<string, Set<Listener>>();
  const known = new Set(opts.chains ?? ['0x1', '0xa4b1']);
  const calls: { method: string; params?: unknown }[] = [];
  let chainId = opts.chainId ?? '0x1';
  let authorised = false;
  const reject = opts.reject ?? new Set<string>();

  const emit = (event: string, ...args: unknown[]) =>
    listeners.get(event)?.forEach((l) => l(...args));

  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params });
      if (reject.has(method)) throw rpcError(4001, 'User rejected the request.');
      const p = (params ?? []) as unknown[];
      switch (method) {
        case 'eth_requestAccounts':
          authorised = true;
          return [wallet.address.toLowerCase()];
        case 'eth_accounts':
          return authorised ? [wallet.address.toLowerCase()] : [];
        case 'wallet_requestPermissions':
          authorised = true;
          return [{ parentCapability: 'eth_accounts' }];
        case 'eth_chainId':
          return chainId;
        case 'net_version':
          return String(BigInt(chainId));
        case 'wallet_switchEthereumChain': {
          const id = (p[0] as { chainId: string }).chainId;
          if (!known.has(id)) throw rpcError(4902, `Unrecognized chain ID "${id}".`);
          chainId = id;
          emit('chainChanged', id);
          return null;
        }
        case 'wallet_addEthereumChain': {
          const id = (p[0] as { chainId: string }).chainId;
          known.add(id);
          chainId = id;
          emit('chainChanged', id);
          return null;
        }
        case 'personal_sign':
          return wallet.signMessage(getBytes(p[0] as string));
        case 'eth_signTypedData_v4': {
          const { domain, types, message } = JSON.parse(p[1] as string) as {
            domain: Record<string, unknown>;
            types: Record<string, { name: string; type: string }[]>;
            message: Record<string, unknown>;
          };
          delete types.EIP712Domain;
          return wallet.signTypedData(domain, types, message);
        }
        case 'eth_getBalance':
          return '0xde0b6b3a7640000'; // 1 ETH
        case 'eth_blockNumber':
          return '0x10';
        case 'eth_call':
          return AbiCoder.defaultAbiCoder().encode(['uint256'], [42n]);
        case 'eth_sendTransaction':
          return `0x${String(calls.length).padStart(64, '0')}`;
        case 'eth_sendRawTransaction':
          return keccak256((params as string[])[0]!);
        case 'wallet_sendCalls':
          throw rpcError(4200, 'Unsupported method');
        default:
          throw rpcError(4200, `Unsupported method ${method}`);
      }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };

  return {
    provider,
    wallet,
    calls,
    emit,
    revoke: () => {
      authorised = false;
      emit('accountsChanged', []);
    },
  };
}

/** The signer a personal_sign signature recovers to. */
export function signerOf(message: string, signature: string): string {
  return recoverAddress(hashMessage(message), Signature.from(signature));
}

export { TypedDataEncoder, toUtf8String };
