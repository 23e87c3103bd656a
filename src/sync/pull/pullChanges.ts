import type { IndexableType } from 'dexie';
import { firstPullStep, nextPullStep, type PullStep } from '../../domain/pullPlan';
import type { LocalCopy } from '../../domain/syncMerge';
import type { RunContext } from '../runContext';
import { applyPage, readCursor } from './applyPage';
import { fetchJson, fetchPage, pageQuery, type PageOutcome } from './pullRequest';
import { readSeenVersions, saveSeenVersions } from './seenVersions';
import { API_PREFIX } from '../../contracts/endpoint';
import { isSyncChangesResponse, SYNC_API, type SyncChangesResponse } from '../../contracts/syncChanges';
import { emptyPullResult, type PullResult } from './pullResult';
import { SYNCED_TABLES } from '../syncedTables';
import { pullTablesOf, type PullTable } from './pullTables';

/** Rows per page of a pull (the server returns at most 1,000 per read). */
export const PULL_PAGE_SIZE = 500;

/**
 * The pull (docs/product.md § Sync): first one question, which tables changed since this
 * device's last pull (GET /api/sync/changes, src/contracts/syncChanges.ts); then, for each
 * of those, the signed-in user's rows changed since the table's cursor come down in pages
 * and merge into the local database (src/domain/syncMerge.ts); the cursor moves after each
 * stored page, so an interrupted pull resumes where it stopped. A server without that
 * question (an older backend, or Supabase) gets every table read. A 401 refreshes the token
 * once per run; no network or server trouble ends the pull for now; a table the server
 * lacks is skipped.
 */
export async function pullChanges(
  ctx: RunContext,
  pageSize: number = PULL_PAGE_SIZE,
): Promise<PullResult> {
  const result = emptyPullResult();
  const changes = await askWhatChanged(ctx, result);
  if (result.status !== 'done') return result;
  const seen = await readSeenVersions(ctx.db, ctx.userId);
  let learned = false;
  for (const spec of pullTablesOf(SYNCED_TABLES)) {
    if (result.status !== 'done') break;
    const version = changes?.versions[spec.table];
    if (changes && version === seen[spec.table]) continue;
    await pullTable(ctx, spec, result, pageSize);
    if (changes && version !== undefined && result.status === 'done') {
      seen[spec.table] = version;
      learned = true;
    }
  }
  if (learned) await saveSeenVersions(ctx.db, ctx.userId, seen);
  if (result.status === 'done')
    await ctx.db.preferences.put({ key: 'lastSyncTime', value: ctx.now() });
  return result;
}

/** The server's change counters, or null when it cannot say (then every table is read). */
async function askWhatChanged(ctx: RunContext, result: PullResult): Promise<SyncChangesResponse | null> {
  for (;;) {
    const outcome = await fetchJson(
      { ...ctx.http, accessToken: ctx.tokens.accessToken },
      `${API_PREFIX}${SYNC_API.changes.path}`,
    );
    if (outcome.kind === 'unauthorized' && (await ctx.tokens.refreshOnce())) continue;
    if (outcome.kind === 'ok') return isSyncChangesResponse(outcome.body) ? outcome.body : null;
    // An older backend (or Supabase) has no such question; one it refuses is not asked.
    if (outcome.kind === 'not_found' || outcome.kind === 'rejected') return null;
    stop(result, 'changes', outcome);
    return null;
  }
}

/** Any table's spec, as the loop sees it. */
type Spec = PullTable<LocalCopy, IndexableType>;

async function pullTable(
  ctx: RunContext,
  spec: Spec,
  result: PullResult,
  pageSize: number,
): Promise<void> {
  let step: PullStep | null = firstPullStep(await readCursor(ctx.db, ctx.userId, spec.table));
  while (step) {
    const outcome = await readPage(ctx, spec, step, pageSize);
    if (outcome.kind !== 'ok') {
      stop(result, spec.table, outcome);
      return;
    }
    const { applied, last } = await applyPage(ctx.db, spec, ctx.userId, outcome.rows);
    result.read += outcome.rows.length;
    result.applied += applied;
    step = nextPullStep(step, { count: outcome.rows.length, last }, pageSize);
  }
}

async function readPage(
  ctx: RunContext,
  spec: Spec,
  step: PullStep,
  pageSize: number,
): Promise<PageOutcome> {
  const query = pageQuery(step, spec.keyColumn, pageSize);
  for (;;) {
    const outcome = await fetchPage(
      { ...ctx.http, accessToken: ctx.tokens.accessToken },
      spec.table,
      query,
    );
    if (outcome.kind === 'unauthorized' && (await ctx.tokens.refreshOnce())) continue;
    return outcome;
  }
}

function stop(
  result: PullResult,
  table: string,
  outcome: Exclude<PageOutcome, { kind: 'ok' }>,
): void {
  switch (outcome.kind) {
    case 'not_found':
      result.missing.push(table); // an older backend: the other tables still sync
      return;
    case 'unauthorized':
      result.status = 'auth_required';
      break;
    case 'transient':
      result.status = outcome.network ? 'offline' : 'retry_later';
      break;
    case 'rejected':
      result.status = 'retry_later';
      break;
  }
  result.error = `${table}: ${outcome.message}`;
}
