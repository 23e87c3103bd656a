import { isStorageQuotaError } from '../../domain/storageQuota';
import { messageFromBody } from '../requester/body';

/**
 * The one status ladder of the app's calls to its own backend (/api and /rest/v1): how a
 * non-2xx answer is acted on.
 * - 401: unauthorized (the token is refreshed, then the call is sent again);
 * - 404: not_found (the endpoint or table is missing on this backend);
 * - 408, 429, 5xx: transient (retried with back-off);
 * - any other 4xx: rejected (the server refuses; never retried automatically).
 */
export type FailureClass = 'unauthorized' | 'not_found' | 'transient' | 'rejected';

export function failureClass(status: number): FailureClass {
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 408 || status === 429 || status >= 500) return 'transient';
  return 'rejected';
}

/**
 * The one error reader: "<status>: <the server's message>" from the answer's body (its
 * `message`, `error_description`, `msg` or `error`: ../requester/body.ts), a storage quota's
 * message alone (it is written for the person: docs/product.md § Security), else the
 * start of the body or the status text.
 */
export async function errorMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => ''); // body unreadable: the status says enough
  const body = jsonBody(text);
  const message = messageFromBody(body ?? undefined);
  if (message && body && isStorageQuotaError(body)) return message;
  if (message) return `${res.status}: ${message}`;
  return `${res.status}: ${text.slice(0, 200) || res.statusText || 'request failed'}`;
}

function jsonBody(text: string): Record<string, unknown> | null {
  try {
    const j = JSON.parse(text) as unknown;
    return typeof j === 'object' && j !== null ? (j as Record<string, unknown>) : null;
  } catch {
    return null; // not JSON
  }
}
