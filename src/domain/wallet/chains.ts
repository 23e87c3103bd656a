/**
 * The EVM chains a wallet may use (docs/product.md § Wallets and tokens). Pure data and
 * lookups: no React, no network.
 */

interface EvmChain {
  /** Hex chain id as EIP-1193 wallets report it ('0x1'). */
  id: SupportedChainId;
  name: string;
  currency: { name: string; symbol: string; decimals: 18 };
  /** Public JSON-RPC endpoint offered to the wallet when it must add the chain. */
  rpcUrl: string;
  explorerUrl: string;
}

export const SUPPORTED_CHAIN_IDS = ['0x1', '0x89', '0xa4b1'] as const;
export type SupportedChainId = (typeof SUPPORTED_CHAIN_IDS)[number];

export const EVM_CHAINS: Readonly<Record<SupportedChainId, EvmChain>> = {
  '0x1': {
    id: '0x1',
    name: 'Ethereum Mainnet',
    currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: 'https://cloudflare-eth.com',
    explorerUrl: 'https://etherscan.io',
  },
  '0x89': {
    id: '0x89',
    name: 'Polygon',
    currency: { name: 'POL', symbol: 'POL', decimals: 18 },
    rpcUrl: 'https://polygon-rpc.com',
    explorerUrl: 'https://polygonscan.com',
  },
  '0xa4b1': {
    id: '0xa4b1',
    name: 'Arbitrum One',
    currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: 'https://arb1.arbitrum.io/rpc',
    explorerUrl: 'https://arbiscan.io',
  },
};

/** '0x01', '1', 1 and '0x1' are the same chain: the canonical lower-case hex id, or null. */
export function normalizeChainId(raw: unknown): string | null {
  let n: bigint;
  try {
    if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) n = BigInt(raw);
    else if (typeof raw === 'bigint' && raw > 0n) n = raw;
    else if (typeof raw === 'string' && /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(raw))
      n = BigInt(raw);
    else return null;
  } catch {
    return null;
  }
  return n > 0n ? `0x${n.toString(16)}` : null;
}

export function isSupportedChain(id: unknown): id is SupportedChainId {
  return (SUPPORTED_CHAIN_IDS as readonly unknown[]).includes(id);
}

/**
 * Chains the app can name (spec § 5, the wider chain list) though it connects only on the
 * three supported ones: a wallet on Base shows 'Base', not 'Unknown'. Lens Chain (232) pays
 * gas in GHO.
 */
const KNOWN_CHAINS: Readonly<Record<string, { key: string; name: string; currency: string }>> = {
  '0x1': { key: 'ethereum', name: 'Ethereum Mainnet', currency: 'ETH' },
  '0x89': { key: 'polygon', name: 'Polygon', currency: 'POL' },
  '0xa4b1': { key: 'arbitrum', name: 'Arbitrum One', currency: 'ETH' },
  '0x2105': { key: 'base', name: 'Base', currency: 'ETH' },
  '0xe8': { key: 'lens', name: 'Lens Chain', currency: 'GHO' },
  '0x5ea': { key: 'story', name: 'Story', currency: 'IP' },
};

/** The chain's name; a chain outside the known list displays 'Unknown'. */
export function chainName(id: string | null | undefined): string {
  const hex = normalizeChainId(id);
  if (hex && isSupportedChain(hex)) return EVM_CHAINS[hex].name;
  return (hex && KNOWN_CHAINS[hex]?.name) || 'Unknown';
}

/** The explorer page of an address on a supported chain; null on any other chain. */
export function explorerAddressUrl(
  chainId: string | null | undefined,
  address: string,
): string | null {
  const hex = normalizeChainId(chainId);
  return hex && isSupportedChain(hex) ? `${EVM_CHAINS[hex].explorerUrl}/address/${address}` : null;
}

/** '0x1234…abcd' for buttons and menus. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
