import { normalizeFlowAddress } from '../../src/domain/flow/address';
import { FLOW_NETWORKS, type FlowNetwork } from '../../src/domain/flow/constants';
import { mintedTokens } from '../../src/domain/flow/events';
import { decodeEventPayload } from '../../src/domain/flow/jsonCdc';

/**
 * The server's own check of a mint on Flow (docs/product.md § Wallets and tokens): it reads
 * the transaction's result from the configured REST access API and accepts it only when it
 * is sealed without error and its BreathingPatternNFT.Minted events carry this pattern.
 * The token ids and the owner then come from the chain, not from the client.
 *
 * Configured by PNEUMA_FLOW_ACCESS_URL (e.g. https://rest-testnet.onflow.org),
 * PNEUMA_FLOW_NETWORK (testnet by default) and PNEUMA_FLOW_CONTRACT_ADDRESS (else
 * VITE_FLOW_CONTRACT_ADDRESS). Without them the server records what the client reports.
 */
export interface FlowVerifier {
  network: FlowNetwork;
  accessUrl: string;
  contractAddress: string;
  fetch?: typeof fetch;
  /** Milliseconds for the access API's answer (default 10 s). */
  timeoutMs?: number;
}

export type Verification =
  { ok: true; tokenIds: string[]; owner: string | null } | { ok: false; reason: string };

export function flowVerifierFromEnv(env: NodeJS.ProcessEnv): FlowVerifier | null {
  const accessUrl = env.PNEUMA_FLOW_ACCESS_URL?.trim();
  const contractAddress = normalizeFlowAddress(
    env.PNEUMA_FLOW_CONTRACT_ADDRESS ?? env.VITE_FLOW_CONTRACT_ADDRESS ?? '',
  );
  if (!accessUrl || !contractAddress) return null;
  const network = (env.PNEUMA_FLOW_NETWORK?.trim() || 'testnet') as FlowNetwork;
  if (!FLOW_NETWORKS.includes(network))
    throw new Error('PNEUMA_FLOW_NETWORK must be testnet, mainnet or emulator');
  return { network, accessUrl: accessUrl.replace(/\/+$/, ''), contractAddress };
}

interface RestTxResult {
  status?: string;
  error_message?: string;
  events?: { type: string; payload: string }[];
}

export async function verifyMint(
  verifier: FlowVerifier,
  txId: string,
  patternId: string,
): Promise<Verification> {
  const doFetch = verifier.fetch ?? fetch;
  let body: RestTxResult;
  try {
    const res = await doFetch(`${verifier.accessUrl}/v1/transaction_results/${txId}`, {
      signal: AbortSignal.timeout(verifier.timeoutMs ?? 10_000),
      headers: { accept: 'application/json' },
    });
    if (res.status === 404)
      return { ok: false, reason: 'The Flow access API does not know this transaction' };
    if (!res.ok) return { ok: false, reason: `The Flow access API answered ${res.status}` };
    body = (await res.json()) as RestTxResult;
  } catch (e) {
    return {
      ok: false,
      reason: `The Flow access API could not be read (${e instanceof Error ? e.message : String(e)})`,
    };
  }
  if (body.status?.toUpperCase() !== 'SEALED')
    return { ok: false, reason: `The transaction is not sealed (${body.status ?? 'no status'})` };
  if (body.error_message)
    return {
      ok: false,
      reason: `The transaction failed on Flow: ${body.error_message.slice(0, 200)}`,
    };
  let events;
  try {
    events = (body.events ?? []).map((e) => decodeEventPayload(e.type, e.payload));
  } catch {
    return { ok: false, reason: 'The transaction events could not be read' };
  }
  const minted = mintedTokens(events, verifier.contractAddress, patternId);
  if (minted.tokenIds.length === 0)
    return { ok: false, reason: 'The transaction minted no token of this pattern' };
  return {
    ok: true,
    tokenIds: minted.tokenIds,
    owner: minted.owner ? normalizeFlowAddress(minted.owner) : null,
  };
}
