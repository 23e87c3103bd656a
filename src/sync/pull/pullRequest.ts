import { backendCall, type BackendRequest } from '../../backend/api/backendCall';
import { restPath } from '../../contracts/rest';
import type { PullStep } from '../../domain/pullPlan';
import { REQUEST_TIMEOUT_MS } from '../constants';
import { NETWORK_FAILURE } from '../messages';
import type { ServerRow } from '../rows/serverValues';

/**
 * One page of a pull: `GET /rest/v1/<table>` for the signed-in user's rows (row-level
 * security keeps it to theirs) in (updated_at, key) order, with only the filters every
 * PostgREST has (eq, gt, gte, order, limit).
 */
export type PageOutcome =
  | { kind: 'ok'; rows: ServerRow[] }
  | { kind: 'unauthorized'; message: string }
  /** The server has no such table (an older backend). */
  | { kind: 'not_found'; message: string }
  | { kind: 'transient'; message: string; network: boolean }
  | { kind: 'rejected'; message: string };

export type PageRequest = BackendRequest;

/** The query string of a step: filters, order and page size. */
export function pageQuery(step: PullStep, keyColumn: string, pageSize: number): string {
  const q = new URLSearchParams({ select: '*' });
  if (step.kind === 'from' && step.stamp) q.append('updated_at', `gte.${step.stamp}`);
  if (step.kind === 'tie') {
    q.append('updated_at', `eq.${step.stamp}`);
    q.append(keyColumn, `gt.${step.afterKey}`);
  }
  if (step.kind === 'after') q.append('updated_at', `gt.${step.stamp}`);
  q.append('order', `updated_at.asc,${keyColumn}.asc`);
  q.append('limit', String(pageSize));
  return q.toString();
}

/** What a GET of the backend answered: its JSON body, or how it failed (the one status ladder: ../../backend/api/answer.ts). */
export type JsonOutcome = { kind: 'ok'; body: unknown } | Exclude<PageOutcome, { kind: 'ok' }>;

/** GET `path` (with query) of the backend as the signed-in user. */
export async function fetchJson(request: PageRequest, path: string): Promise<JsonOutcome> {
  const outcome = await backendCall(request, path, {
    networkFailure: NETWORK_FAILURE,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  return outcome.kind === 'rejected' ? { kind: 'rejected', message: outcome.message } : outcome;
}

export async function fetchPage(
  request: PageRequest,
  table: string,
  query: string,
): Promise<PageOutcome> {
  const outcome = await fetchJson(request, `${restPath(table)}?${query}`);
  if (outcome.kind !== 'ok') return outcome;
  if (!Array.isArray(outcome.body))
    return {
      kind: 'transient',
      network: false,
      message: `${table}: the server's answer is not a list of rows`,
    };
  return {
    kind: 'ok',
    rows: outcome.body.filter((r): r is ServerRow => typeof r === 'object' && r !== null),
  };
}
