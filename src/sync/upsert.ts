import { backendCall, type BackendRequest } from '../backend/api/backendCall';
import { restPath } from '../contracts/rest';
import { REQUEST_TIMEOUT_MS } from './constants';
import { NETWORK_FAILURE, SERVICE_NOT_FOUND } from './messages';
import type { ServerRow } from './rows/serverValues';

/**
 * One upsert request to PostgREST (`POST /rest/v1/<table>?on_conflict=<key columns>`), sent
 * by the one backend call (../backend/api/backendCall.ts) and sorted by its status ladder
 * into the classes the upload loop acts on: ok; unauthorized (the token is refreshed once
 * per run, then the batch is sent again); not_found (the table's API is missing: the items
 * are kept on this device only); transient, network errors included (retried with
 * back-off); rejected (the server refuses these rows; never retried automatically).
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
   * An endpoint of the app's own API that takes these rows (its path from src/contracts, e.g. VISION_API.upload),
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

export type UpsertRequest = BackendRequest;

export async function postUpsert(
  request: UpsertRequest,
  target: UpsertTarget,
  rows: readonly object[],
): Promise<UpsertOutcome> {
  const path = target.path
    ? target.path
    : `${restPath(target.table)}?on_conflict=${target.onConflict ?? 'id'}${
        target.echo ? `&select=${target.echo}` : ''
      }`;
  const outcome = await backendCall(request, path, {
    method: 'POST',
    headers: {
      Prefer: `resolution=${target.onDuplicate}-duplicates,return=${
        target.echo && !target.path ? 'representation' : 'minimal'
      }`,
    },
    body: rows,
    networkFailure: NETWORK_FAILURE,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  if (outcome.kind === 'ok') {
    const rows = Array.isArray(outcome.body)
      ? outcome.body.filter((r): r is ServerRow => typeof r === 'object' && r !== null)
      : [];
    return { kind: 'ok', rows };
  }
  if (outcome.kind === 'not_found')
    return { kind: 'not_found', message: `${SERVICE_NOT_FOUND} (${outcome.message})` };
  return outcome;
}
