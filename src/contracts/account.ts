/**
 * The account on the wire (docs/product.md § Leaving): the endpoint under /api, shared by the
 * server (server/api/routes.ts, server/api/handlers/account.ts) and the app's client
 * (src/backend/api/accountApi.ts). No body; the answer is 204 or an error.
 */
import { endpoint, shape } from './endpoint';

export const ACCOUNT_API = Object.freeze({
  /** Deletes the caller's account and every row of theirs (one transaction); needs an open session. */
  delete: endpoint('DELETE', '/account', shape<void>()),
});
