import { normalizeFlowAddress } from './address';
import {
  EMULATOR_SERVICE_ADDRESS,
  FLOW_ENDPOINTS,
  FLOW_NETWORKS,
  STANDARD_CONTRACTS,
  type FlowNetwork,
} from './constants';

/**
 * Which Flow network the app talks to, from the build's environment
 * (docs/product.md § Wallets and tokens):
 *   VITE_FLOW_NETWORK            testnet (default), mainnet or emulator
 *   VITE_FLOW_CONTRACT_ADDRESS   the account BreathingPatternNFT is deployed to
 *                                (default on the emulator: its service account)
 *   VITE_FLOW_ACCESS_URL         the REST access API (default: the network's public one)
 *   VITE_FLOW_DISCOVERY_URL      the wallet discovery (default: the network's)
 * Pure: the environment is passed in.
 */

export interface FlowConfig {
  network: FlowNetwork;
  accessNode: string;
  discoveryWallet: string;
  /** BreathingPatternNFT's account; null = not deployed on this network as far as the build knows. */
  contractAddress: string | null;
  /** Contract name -> address, for resolving the Cadence files' imports. */
  addresses: Readonly<Record<string, string>>;
  /** Why pattern tokens cannot be minted with this configuration (null = they can). */
  problem: string | null;
}

type FlowEnv = Readonly<Record<string, string | boolean | undefined>>;

function text(env: FlowEnv, name: string): string {
  const v = env[name];
  return typeof v === 'string' ? v.trim() : '';
}

function httpUrl(value: string): string | null {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? value.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

export function resolveFlowConfig(env: FlowEnv): FlowConfig {
  const problems: string[] = [];
  const rawNetwork = text(env, 'VITE_FLOW_NETWORK') || 'testnet';
  const network = (FLOW_NETWORKS as readonly string[]).includes(rawNetwork)
    ? (rawNetwork as FlowNetwork)
    : 'testnet';
  if (network !== rawNetwork)
    problems.push(`VITE_FLOW_NETWORK must be testnet, mainnet or emulator (got "${rawNetwork}")`);

  const endpoint = FLOW_ENDPOINTS[network];
  const accessRaw = text(env, 'VITE_FLOW_ACCESS_URL');
  const accessNode = accessRaw ? httpUrl(accessRaw) : endpoint.accessNode;
  if (accessNode === null) problems.push('VITE_FLOW_ACCESS_URL must be an http(s) URL');
  const discoveryRaw = text(env, 'VITE_FLOW_DISCOVERY_URL');
  const discoveryWallet = discoveryRaw ? httpUrl(discoveryRaw) : endpoint.discoveryWallet;
  if (discoveryWallet === null) problems.push('VITE_FLOW_DISCOVERY_URL must be an http(s) URL');

  const contractRaw = text(env, 'VITE_FLOW_CONTRACT_ADDRESS');
  const contractAddress = contractRaw
    ? normalizeFlowAddress(contractRaw)
    : network === 'emulator'
      ? EMULATOR_SERVICE_ADDRESS
      : null;
  if (contractRaw && contractAddress === null) {
    problems.push('VITE_FLOW_CONTRACT_ADDRESS must be a Flow address (0x and 16 hex digits)');
  } else if (contractAddress === null) {
    problems.push(
      `No BreathingPatternNFT contract address is configured for ${network} (VITE_FLOW_CONTRACT_ADDRESS)`,
    );
  }

  return {
    network,
    accessNode: accessNode ?? endpoint.accessNode,
    discoveryWallet: discoveryWallet ?? endpoint.discoveryWallet,
    contractAddress,
    addresses: {
      ...STANDARD_CONTRACTS[network],
      ...(contractAddress ? { BreathingPatternNFT: contractAddress } : {}),
    },
    problem: problems.length > 0 ? problems.join('; ') : null,
  };
}
