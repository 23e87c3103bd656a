/**
 * Flow (token wallet) constants: docs/product.md § Wallets and tokens and § Constants.
 * Pure data.
 */

/** Transactions: compute (gas) limit 1000, 30 s to seal, 3 retries waiting 1 s more each try,
 * status read every 1 s, at most 3 transactions of a batch in flight. */
export const FLOW_TX = Object.freeze({
  gasLimit: 1000,
  timeoutMs: 30_000,
  retries: 3,
  retryStepMs: 1_000,
  pollIntervalMs: 1_000,
  batchConcurrency: 3,
});

/** Wait before retry number `retry` (1-based): 1 s, 2 s, 3 s. */
export function flowRetryDelay(retry: number): number {
  return FLOW_TX.retryStepMs * Math.max(1, Math.floor(retry));
}

/** Read caches: account 60 s, token metadata 5 min, token list 2 min, token ids 60 s. */
export const FLOW_CACHE_MS = Object.freeze({
  account: 60_000,
  metadata: 5 * 60_000,
  list: 2 * 60_000,
  ids: 60_000,
});

export const FLOW_NETWORKS = ['testnet', 'mainnet', 'emulator'] as const;
export type FlowNetwork = (typeof FLOW_NETWORKS)[number];

type StandardContract =
  'NonFungibleToken' | 'MetadataViews' | 'ViewResolver' | 'FungibleToken';

/** Where the Flow standard contracts live on each network. */
export const STANDARD_CONTRACTS: Readonly<
  Record<FlowNetwork, Readonly<Record<StandardContract, string>>>
> = Object.freeze({
  testnet: {
    NonFungibleToken: '0x631e88ae7f1d7c20',
    MetadataViews: '0x631e88ae7f1d7c20',
    ViewResolver: '0x631e88ae7f1d7c20',
    FungibleToken: '0x9a0766d93b6608b7',
  },
  mainnet: {
    NonFungibleToken: '0x1d7e57aa55817448',
    MetadataViews: '0x1d7e57aa55817448',
    ViewResolver: '0x1d7e57aa55817448',
    FungibleToken: '0xf233dcee88fe0abe',
  },
  emulator: {
    NonFungibleToken: '0xf8d6e0586b0a20c7',
    MetadataViews: '0xf8d6e0586b0a20c7',
    ViewResolver: '0xf8d6e0586b0a20c7',
    FungibleToken: '0xee82856bf20e2aa6',
  },
});

/** The REST access API and the wallet discovery of each network. */
export const FLOW_ENDPOINTS: Readonly<
  Record<FlowNetwork, { accessNode: string; discoveryWallet: string }>
> = Object.freeze({
  testnet: {
    accessNode: 'https://rest-testnet.onflow.org',
    discoveryWallet: 'https://fcl-discovery.onflow.org/testnet/authn',
  },
  mainnet: {
    accessNode: 'https://rest-mainnet.onflow.org',
    discoveryWallet: 'https://fcl-discovery.onflow.org/authn',
  },
  emulator: {
    accessNode: 'http://127.0.0.1:8888',
    discoveryWallet: 'http://localhost:8701/fcl/authn',
  },
});

/** The emulator's service account, where `flow project deploy` puts the contract by default. */
export const EMULATOR_SERVICE_ADDRESS = '0xf8d6e0586b0a20c7';
