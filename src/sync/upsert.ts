import { REQUEST_TIMEOUT_MS } from './constants';
import { isStorageQuotaError } from '../domain/storageQuota';
import { NETWORK_FAILURE, SERVICE_NOT_FOUND } from './messages';
import type { ServerRow } from './rows/serverValues';

/**
 * One upsert request to PostgREST (`POST /rest/v1/<table>?on_conflict=<key columns>`), sorted into
 * the classes the upload loop acts on:
 * - 2xx: ok;
 * - 401: unauthorized (the token is refreshed once per run, then the batch is sent again);
 * - 404: not_found (the table's API is missing: the items are kept on this device only);
 * - 408, 429, 5xx and network errors: transient (retried with back-off);
 * - any other 4xx: rejected (the server refuses these rows; never retried automatically).
 */
export type UpsertOutcome =
  /** `rows`: what the server stored, when the target asked for an `echo` (else empty). */
  | { kind: 'ok'; rows: ServerRow[] }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'not_found'; message: string }
  | { kind: 'transient'; message: string; network: boolean }
  | { kind: 'rejected'; status: number; message: string };

/** Where rows go and what the server does with a row whose id it already has. */
export interface UpsertTarget {
  table: string;
  /**
   * 'ignore': the stored row stays (records that never change once made, so a replay is
   * harmless); 'merge': the newest local version wins (records that can be edited).
   */
  onDuplicate: 'ignore' | 'merge';
  /** The columns that identify a row (default `id`, the client-made UUID). */
  onConflict?: string;
  /**
   * An endpoint of the app's own API that takes these rows (e.g. '/api/vision/sessions'),
   * instead of PostgREST's /rest/v1/<table>; it answers with the same status classes.
   */
  path?: string;
  /**
   * Columns the server sends back for each row it stored (PostgREST return=representation
   * with select), e.g. 'id,updated_at': the upload then learns each row's server stamp, so
   * the pull's copy of it changes nothing here (src/domain/syncMerge.ts).
   */
  echo?: string;
}

export interface UpsertRequest {
  baseUrl: string;
  anonKey: string;
  accessToken: string;
  fetch: typeof fetch;
}

export async function postUpsert(
  request: UpsertRequest,
  target: UpsertTarget,
  rows: readonly object[],
): Promise<UpsertOutcome> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await request.fetch(
      target.path
        ? `${request.baseUrl}${target.path}`
        : `${request.baseUrl}/rest/v1/${target.table}?on_conflict=${target.onConflict ?? 'id'}${
            target.echo ? `&select=${target.echo}` : ''
          }`,
      {
        method: 'POST',
        headers: {
          apikey: request.anonKey,
          Authorization: `Bearer ${request.accessToken}`,
          'Content-Type': 'application/json',
          Prefer: `resolution=${target.onDuplicate}-duplicates,return=${
            target.echo && !target.path ? 'representation' : 'minimal'
          }`,
        },
        body: JSON.stringify(rows),
        signal: ctrl.signal,
      },
    );
  } catch (e) {
    return { kind: 'transient', network: true, message: `${NETWORK_FAILURE} (${errorText(e)})` };
  } finally {
    clearTimeout(timer);
  }
  return classifyResponse(res);
}

async function classifyResponse(res: Response): Promise<UpsertOutcome> {
  if (res.ok) {
    // Read (or drain) the body so the connection is reusable.
    const body: unknown = await res.json().catch(() => null);
    const rows = Array.isArray(body)
      ? body.filter((r): r is ServerRow => typeof r === 'object' && r !== null)
      : [];
    return { kind: 'ok', rows };
  }
  const message = await readError(res);
  if (res.status === 401) return { kind: 'unauthorized', message };
  if (res.status === 404)
    return { kind: 'not_found', message: `${SERVICE_NOT_FOUND} (${message})` };
  if (res.status === 408 || res.status === 429 || res.status >= 500) {
    return { kind: 'transient', network: false, message };
  }
  return { kind: 'rejected', status: res.status, message };
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * "<status>: <the server's message>", from a JSON error body when there is one; a storage
 * quota's message alone (it is written for the person: docs/product.md § Security).
 */
export async function readError(res: Response): Promise<string> {
  const text = await res.text().catch(() => ''); // body unreadable: the status says enough
  const body = jsonBody(text);
  const message = body ? jsonMessage(body) : null;
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

function jsonMessage(j: Record<string, unknown>): string | null {
  const msg = j.message ?? j.msg ?? j.error_description ?? j.error;
  return typeof msg === 'string' && msg ? msg : null;
}
