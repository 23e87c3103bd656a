import type { IndexableType } from 'dexie';
import { firstPullStep, nextPullStep, type PullStep } from '../../domain/pullPlan';
import type { LocalCopy } from '../../domain/syncMerge';
import type { RunContext } from '../runContext';
import { applyPage, readCursor } from './applyPage';
import { fetchPage, pageQuery, type PageOutcome } from './pullRequest';
import { emptyPullResult, type PullResult } from './pullResult';
import { SYNCED_TABLES } from '../syncedTables';
import { pullTablesOf, type PullTable } from './pullTables';

/** Rows per page of a pull (the server returns at most 1,000 per read). */
export const PULL_PAGE_SIZE = 500;

/**
 * The pull (docs/product.md § Sync): for each synced table, the signed-in user's rows
 * changed since the table's cursor come down in pages and merge into the local database
 * (src/domain/syncMerge.ts); the cursor moves after each stored page, so an interrupted
 * pull resumes where it stopped. A 401 refreshes the token once per run; no network or
 * server trouble ends the pull for now; a table the server lacks is skipped.
 */
export async function pullChanges(
  ctx: RunContext,
  pageSize: number = PULL_PAGE_SIZE,
): Promise<PullResult> {
  const result = emptyPullResult();
  for (const spec of pullTablesOf(SYNCED_TABLES)) {
    if (result.status !== 'done') break;
    await pullTable(ctx, spec, result, pageSize);
  }
  if (result.status === 'done')
    await ctx.db.preferences.put({ key: 'lastSyncTime', value: ctx.now() });
  return result;
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
