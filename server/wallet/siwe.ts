import { generateNonce, SiweMessage } from 'siwe';
import { getAddress } from 'ethers';
import {
  EVM_CHAINS,
  isSupportedChain,
  normalizeChainId,
  type SupportedChainId,
} from '../../src/domain/wallet/chains';

/** How long a Sign-In with Ethereum request may wait for its signature. */
export const SIWE_TTL_MS = 10 * 60 * 1000;

export const SIWE_STATEMENT = 'Link this wallet to your Pneuma account.';

/** The site a message must name: the server's own origin (scheme://host[:port]). */
export interface SiweSite {
  origin: string;
}

/**
 * The EIP-4361 message for `address` on `chainId`, naming this server's domain and URI,
 * with the given nonce and an expiry SIWE_TTL_MS from `now`.
 */
export function buildSiweMessage(
  site: SiweSite,
  address: string,
  chainId: SupportedChainId,
  nonce: string,
  now: Date,
): string {
  const url = new URL(site.origin);
  return new SiweMessage({
    scheme: url.protocol.slice(0, -1),
    domain: url.host,
    address: getAddress(address),
    statement: SIWE_STATEMENT,
    uri: url.origin,
    version: '1',
    chainId: Number(chainId),
    nonce,
    issuedAt: now.toISOString(),
    expirationTime: new Date(now.getTime() + SIWE_TTL_MS).toISOString(),
  }).prepareMessage();
}

export const newNonce = (): string => generateNonce();

export type SiweCheck =
  | { ok: true; address: string; chainId: SupportedChainId; nonce: string }
  | { ok: false; status: 400 | 401; error: string; message: string };

const refuse = (status: 400 | 401, error: string, message: string): SiweCheck => ({
  ok: false,
  status,
  error,
  message,
});

/**
 * Checks a signed message without touching the database: it must parse as EIP-4361, name
 * this site's domain, scheme and URI, a supported chain, be within its validity window,
 * and carry a signature by the address it names (siwe with ethers). The nonce is returned
 * for the caller to consume. Only externally owned accounts: the server reads no chain, so
 * a contract wallet's ERC-1271 signature cannot be checked and is refused (docs/product.md
 * § Security, Wallets).
 */
export async function checkSiwe(
  site: SiweSite,
  text: string,
  signature: string,
  now: Date,
): Promise<SiweCheck> {
  let msg: SiweMessage;
  try {
    msg = new SiweMessage(text);
  } catch (e) {
    return refuse(
      400,
      'invalid_message',
      `The message is not a Sign-In with Ethereum message: ${errorText(e)}`,
    );
  }
  const url = new URL(site.origin);
  if (msg.domain !== url.host) {
    return refuse(
      401,
      'wrong_domain',
      `The message was made for ${msg.domain}, not for ${url.host}`,
    );
  }
  // EIP-4361: a message without a scheme means https.
  const scheme = msg.scheme ?? 'https';
  if (scheme !== url.protocol.slice(0, -1)) {
    return refuse(
      401,
      'wrong_domain',
      `The message was made for ${scheme}://${msg.domain}, not for ${url.origin}`,
    );
  }
  if (!sameOrigin(msg.uri, url.origin)) {
    return refuse(401, 'wrong_domain', `The message names the URI ${msg.uri}, not ${url.origin}`);
  }
  const chain = normalizeChainId(msg.chainId);
  if (!chain || !isSupportedChain(chain)) {
    const names = Object.values(EVM_CHAINS)
      .map((c) => c.name)
      .join(', ');
    return refuse(400, 'unsupported_chain', `Chain ${msg.chainId} is not supported: use ${names}`);
  }
  if (!msg.expirationTime)
    return refuse(400, 'invalid_message', 'The message must state when it expires');
  const result = await msg.verify(
    { signature, time: now.toISOString() },
    { suppressExceptions: true },
  );
  if (!result.success) {
    const type = (result.error as { type?: string } | undefined)?.type ?? '';
    if (/expired/i.test(type))
      return refuse(401, 'expired', 'This sign-in request has expired; start again');
    if (/not yet valid/i.test(type))
      return refuse(401, 'not_yet_valid', 'This sign-in request is not valid yet');
    return refuse(
      401,
      'invalid_signature',
      'The signature does not match the wallet address in the message (contract wallets, ERC-1271, are not supported)',
    );
  }
  return { ok: true, address: msg.address, chainId: chain, nonce: msg.nonce };
}

function sameOrigin(uri: string, origin: string): boolean {
  try {
    return new URL(uri).origin === origin;
  } catch {
    return false;
  }
}

function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  return typeof e === 'string' ? e : 'unreadable';
}
