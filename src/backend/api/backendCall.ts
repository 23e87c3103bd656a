import { failureClass } from '../../domain/errors/statusLadder';
import { errorMessage } from './answer';

/**
 * One call of sync to the backend as the signed-in user, on the fetch it was given (the
 * page's, the service worker's, or a test's meter): the one place sync's requests are
 * sent, timed out and sorted by the one status ladder (src/domain/errors/statusLadder.ts). Shared by the page and
 * the service worker (sw/ runs sync, which calls this).
 */
export interface BackendRequest {
  baseUrl: string;
  anonKey: string;
  accessToken: string;
  fetch: typeof fetch;
}

export type BackendOutcome =
  | { kind: 'ok'; body: unknown }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'not_found'; message: string }
  | { kind: 'transient'; message: string; network: boolean }
  | { kind: 'rejected'; status: number; message: string };

export interface BackendCall {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** The caller's words before a network failure's own ("Could not reach the server"). */
  networkFailure: string;
  timeoutMs: number;
}

export async function backendCall(
  request: BackendRequest,
  path: string,
  call: BackendCall,
): Promise<BackendOutcome> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), call.timeoutMs);
  let res: Response;
  try {
    res = await request.fetch(`${request.baseUrl}${path}`, {
      method: call.method ?? 'GET',
      headers: {
        apikey: request.anonKey,
        Authorization: `Bearer ${request.accessToken}`,
        Accept: 'application/json',
        ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...call.headers,
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: ctrl.signal,
    });
  } catch (e) {
    return {
      kind: 'transient',
      network: true,
      message: `${call.networkFailure} (${e instanceof Error ? e.message : String(e)})`,
    };
  } finally {
    clearTimeout(timer);
  }
  // Read (or drain) the body so the connection is reusable.
  if (res.ok) return { kind: 'ok', body: await res.json().catch(() => null) };
  const message = await errorMessage(res);
  const kind = failureClass(res.status);
  if (kind === 'transient') return { kind, network: false, message };
  if (kind === 'rejected') return { kind, status: res.status, message };
  return { kind, message };
}
