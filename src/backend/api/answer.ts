import { messageFromBody } from '../../domain/errors/statusLadder';
import { isStorageQuotaError } from '../../domain/storageQuota';

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
