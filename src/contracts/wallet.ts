/**
 * Linking a wallet on the wire (Sign-In with Ethereum; docs/product.md § Wallets and tokens):
 * the endpoints under /api and the answers' shapes, shared by the server
 * (server/wallet/routes.ts) and the app's client (src/backend/api/walletApi.ts). The request
 * bodies' zod rules are in ./walletSchemas.ts (the page imports only their types).
 */
import type { ChainBody, SiweMessageBody, SiweVerifyBody } from './walletSchemas';
import { endpoint, shape } from './endpoint';

export const WALLET_API = Object.freeze({
  /** The wallet linked to the caller's account. */
  linked: endpoint('GET', '/wallet', shape<LinkedWallet>()),
  /** The server writes the message to sign (its domain, a fresh single-use nonce, a 10-minute expiry). */
  message: endpoint('POST', '/wallet/siwe/message', shape<SiweMessageAnswer, SiweMessageBody>()),
  /** The signed message links the wallet. */
  verify: endpoint('POST', '/wallet/siwe/verify', shape<LinkedWallet, SiweVerifyBody>()),
  /** The preferred chain of the linked wallet. */
  chain: endpoint('PUT', '/wallet/chain', shape<LinkedWallet, ChainBody>()),
  unlink: endpoint('DELETE', '/wallet', shape<void>()),
  /** Public: the Lens API this server names for an app built without one. */
  lens: endpoint(
    'GET',
    '/wallet/lens',
    shape<Partial<Record<keyof LensSettingsAnswer, unknown>> | undefined>(),
  ),
});

/** The wallet linked to the account (nulls when none): GET, verify, chain and unlink answer it. */
export interface LinkedWallet {
  address: string | null;
  chainId: string | null;
}

/** POST /api/wallet/siwe/message. */
export interface SiweMessageAnswer {
  message: string;
  nonce: string;
  /** ISO time. */
  expiresAt: string;
}

/** GET /api/wallet/lens: nulls when the server names no Lens API. */
export interface LensSettingsAnswer {
  apiUrl: string | null;
  postUrl: string | null;
}
