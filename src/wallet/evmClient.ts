import {
  BrowserProvider,
  Contract,
  getAddress,
  toQuantity,
  type TypedDataDomain,
  type TypedDataField,
} from 'ethers';
import { AppError } from '../domain/errors/appErrors';
import { chainNotAddedMessage, ERROR_TEXT } from '../domain/errors/messages';
import { EVM_CHAINS, normalizeChainId, type SupportedChainId } from '../domain/wallet/chains';
import { rpcCode, type Eip1193Provider } from './eip1193';
import {
  serializeZkSyncEip712,
  ZKSYNC_EIP712_TYPES,
  zkSyncDomain,
  zkSyncSignInput,
  type ZkSyncEip712Transaction,
} from './zkSyncEip712';

/** The message when a batch has no calls (docs/product.md § Wallets and tokens). */
export const NO_BATCH_CALLS = 'No EVM calls provided for batch execution';

/** An EIP-1559 transaction another service prepared for the wallet to send (e.g. Lens). */
interface PreparedTransaction {
  to: string;
  from: string;
  data: string;
  /** Decimal or hex strings (wei), a number for gas. */
  value: string;
  gasLimit: number;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  chainId: number;
}

interface EvmCall {
  to: string;
  data?: string;
  /** Wei, as a hex quantity or decimal string. */
  value?: string;
}

const ERC20_BALANCE = ['function balanceOf(address owner) view returns (uint256)'];

function walletError(message: string, cause?: unknown): AppError {
  return new AppError(message, { category: 'wallet', cause });
}

/**
 * The EVM wallet requests of one EIP-1193 provider, through ethers: request accounts,
 * chain switch and add, personal sign, typed-data v4 sign, balance at the latest block,
 * token balance by contract call, batch calls. Every method that needs an account says
 * 'No connected account' without one.
 */
export class EvmClient {
  private readonly ethers: BrowserProvider;

  constructor(readonly provider: Eip1193Provider) {
    this.ethers = new BrowserProvider(provider, 'any');
  }

  /** Asks the wallet for its accounts (the wallet's own prompt). */
  async requestAccounts(): Promise<string[]> {
    return checksummed(await this.provider.request({ method: 'eth_requestAccounts' }));
  }

  /** The accounts the wallet already allows this site, without a prompt (auto-reconnect). */
  async accounts(): Promise<string[]> {
    return checksummed(await this.provider.request({ method: 'eth_accounts' }));
  }

  /** Asks the wallet to let the user pick accounts again (Change Wallet). */
  async requestPermissions(): Promise<void> {
    await this.provider.request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    });
  }

  async chainId(): Promise<string> {
    const id = normalizeChainId(await this.provider.request({ method: 'eth_chainId' }));
    if (!id) throw walletError(ERROR_TEXT.noActiveWalletProvider);
    return id;
  }

  /** Switches chain; a chain the wallet does not know (4902) says to add it first. */
  async switchChain(chainId: SupportedChainId): Promise<void> {
    try {
      await this.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
    } catch (e) {
      if (Number(rpcCode(e)) === 4902) throw walletError(chainNotAddedMessage(chainId), e);
      throw e;
    }
  }

  /** Adds one of the supported chains to the wallet (EIP-3085), which then switches to it. */
  async addChain(chainId: SupportedChainId): Promise<void> {
    const c = EVM_CHAINS[chainId];
    await this.provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: c.id,
          chainName: c.name,
          nativeCurrency: c.currency,
          rpcUrls: [c.rpcUrl],
          blockExplorerUrls: [c.explorerUrl],
        },
      ],
    });
  }

  /** personal_sign of a text by `address`. */
  async signMessage(address: string | null, message: string): Promise<string> {
    const signer = await this.ethers.getSigner(requireAddress(address));
    return signer.signMessage(message);
  }

  /** eth_signTypedData_v4 of EIP-712 data by `address`. */
  async signTypedData(
    address: string | null,
    domain: TypedDataDomain,
    types: Record<string, TypedDataField[]>,
    value: Record<string, unknown>,
  ): Promise<string> {
    const signer = await this.ethers.getSigner(requireAddress(address));
    return signer.signTypedData(domain, types, value);
  }

  /**
   * Sends a prepared EIP-1559 transaction from the connected account: on the transaction's
   * chain (the wallet is asked to switch first; a chain it lacks says to add it), with the
   * prepared gas and fees; the wallet picks the nonce. Answers the transaction hash.
   */
  async sendPrepared(address: string | null, tx: PreparedTransaction): Promise<string> {
    const from = requireAddress(address);
    if (from.toLowerCase() !== tx.from.toLowerCase())
      throw walletError(`This transaction must be sent by ${tx.from}, not the connected account ${from}`);
    await this.onChain(toQuantity(tx.chainId));
    const hash = await this.provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from,
          to: tx.to,
          data: tx.data,
          value: toQuantity(BigInt(tx.value)),
          gas: toQuantity(tx.gasLimit),
          maxFeePerGas: toQuantity(BigInt(tx.maxFeePerGas)),
          maxPriorityFeePerGas: toQuantity(BigInt(tx.maxPriorityFeePerGas)),
          type: '0x2',
        },
      ],
    });
    if (typeof hash !== 'string') throw walletError('The wallet answered no transaction hash');
    return hash;
  }

  /**
   * Signs a zkSync-style EIP-712 transaction (Lens Chain's gas-sponsored kind) as typed data
   * with the connected account, on the transaction's chain, and sends the signed bytes
   * (eth_sendRawTransaction through the wallet). Answers the transaction hash.
   */
  async sendZkSyncEip712(address: string | null, tx: ZkSyncEip712Transaction): Promise<string> {
    const from = requireAddress(address);
    if (from.toLowerCase() !== tx.from.toLowerCase())
      throw walletError(`This transaction must be sent by ${tx.from}, not the connected account ${from}`);
    await this.onChain(toQuantity(tx.chainId));
    const signer = await this.ethers.getSigner(from);
    const signature = await signer.signTypedData(zkSyncDomain(tx.chainId), ZKSYNC_EIP712_TYPES, zkSyncSignInput(tx));
    const hash = await this.provider.request({
      method: 'eth_sendRawTransaction',
      params: [serializeZkSyncEip712(tx, signature)],
    });
    if (typeof hash !== 'string') throw walletError('The wallet answered no transaction hash');
    return hash;
  }

  /** Asks the wallet to switch to the chain unless it is on it; a chain it lacks says to add it. */
  private async onChain(chainId: string): Promise<void> {
    if ((await this.chainId()) === chainId) return;
    try {
      await this.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
    } catch (e) {
      if (Number(rpcCode(e)) === 4902) throw walletError(chainNotAddedMessage(chainId), e);
      throw e;
    }
  }

  /** Native balance in wei at the latest block. */
  async balance(address: string | null): Promise<bigint> {
    if (!address) throw walletError(ERROR_TEXT.noAddressProvided);
    return this.ethers.getBalance(address, 'latest');
  }

  /** ERC-20 balance of `address` read by contract call (balanceOf). */
  async tokenBalance(token: string, address: string | null): Promise<bigint> {
    if (!address) throw walletError(ERROR_TEXT.noAddressProvided);
    const contract = new Contract(getAddress(token), ERC20_BALANCE, this.ethers);
    const balanceOf = contract.getFunction('balanceOf');
    return (await balanceOf(address)) as bigint;
  }

  /**
   * Sends several calls: as one EIP-5792 batch when the wallet supports wallet_sendCalls,
   * otherwise one transaction after another. Returns the batch id or the transaction hashes.
   */
  async batch(
    address: string | null,
    chainId: string,
    calls: readonly EvmCall[],
  ): Promise<string[]> {
    if (calls.length === 0) throw walletError(NO_BATCH_CALLS);
    const from = requireAddress(address);
    try {
      const r = await this.provider.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId, from, atomicRequired: false, calls }],
      });
      const id = typeof r === 'string' ? r : (r as { id?: unknown } | null)?.id;
      if (typeof id === 'string') return [id];
    } catch (e) {
      const code = Number(rpcCode(e));
      if (code !== 4200 && code !== -32601) throw e;
    }
    const hashes: string[] = [];
    for (const call of calls) {
      hashes.push(
        (await this.provider.request({
          method: 'eth_sendTransaction',
          params: [{ from, ...call }],
        })) as string,
      );
    }
    return hashes;
  }
}

function requireAddress(address: string | null): string {
  if (!address) throw walletError(ERROR_TEXT.noConnectedAccount);
  return address;
}

function checksummed(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((a): a is string => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a))
    .map((a) => getAddress(a));
}
