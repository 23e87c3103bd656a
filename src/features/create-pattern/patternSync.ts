import type { SupabaseClient } from '@supabase/supabase-js';
import { db, type CustomPatternRecord } from '../../data/db';

/**
 * Custom patterns to the user's own rows on the server (table patterns), as idempotent
 * upserts keyed by the client-made id (`on_conflict=id`), so a replay never duplicates.
 * A deletion is a soft delete (`deleted: true`) so it reaches the server too. The
 * sessions outbox (src/sync) does not carry patterns; this does, from the page, when the
 * user is signed in and online: after each save, on /create, and on the `online` event.
 *
 * Status handling: success marks rows synced; a network error or 5xx/408/429 leaves them
 * pending for the next run; any other error (a row the server refuses) marks that row
 * failed with the server's message, and it is not retried automatically.
 */
export interface PatternRow {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  inhale: number;
  hold: number;
  exhale: number;
  hold_after_exhale: number;
  category: string;
  difficulty: string;
  benefits: string[];
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export function toPatternRow(p: CustomPatternRecord, userId: string): PatternRow {
  return {
    id: p.id,
    user_id: userId,
    name: p.name,
    description: p.description || null,
    inhale: p.inhale,
    hold: p.hold,
    exhale: p.exhale,
    hold_after_exhale: p.hold_after_exhale,
    category: p.category,
    difficulty: p.difficulty,
    benefits: p.benefits,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    deleted: Boolean(p.deleted),
  };
}

export interface PatternSyncResult {
  uploaded: number;
  failed: number;
  /** Left pending (offline or server trouble). */
  remaining: number;
}

function isTransient(status: number | undefined, message: string): boolean {
  if (status === undefined || status === 0) return true; // network
  if (status === 408 || status === 429 || status >= 500) return true;
  return /fetch|network|timed? ?out/i.test(message);
}

let running: Promise<PatternSyncResult> | null = null;

/** Uploads this user's pending patterns. Runs one at a time; a second call joins the first. */
export function syncPatterns(supabase: SupabaseClient, userId: string): Promise<PatternSyncResult> {
  if (!running) {
    running = run(supabase, userId).finally(() => {
      running = null;
    });
  }
  return running;
}

async function run(supabase: SupabaseClient, userId: string): Promise<PatternSyncResult> {
  const pending = (await db.patterns.where('syncState').equals('pending').toArray()).filter(
    (p) => p.userId === userId,
  );
  const result: PatternSyncResult = { uploaded: 0, failed: 0, remaining: 0 };
  if (pending.length === 0) return result;
  const batch = await supabase.from('patterns').upsert(
    pending.map((p) => toPatternRow(p, userId)),
    { onConflict: 'id' },
  );
  if (!batch.error) {
    await markSynced(pending);
    result.uploaded = pending.length;
    return result;
  }
  if (isTransient(batch.status, batch.error.message)) {
    result.remaining = pending.length;
    return result;
  }
  // Something was refused: send one by one so only the refused rows are marked failed.
  for (const p of pending) {
    const one = await supabase
      .from('patterns')
      .upsert([toPatternRow(p, userId)], { onConflict: 'id' });
    if (!one.error) {
      await markSynced([p]);
      result.uploaded += 1;
    } else if (isTransient(one.status, one.error.message)) {
      result.remaining += 1;
    } else {
      await db.patterns.update(p.id, { syncState: 'failed', lastError: one.error.message });
      result.failed += 1;
    }
  }
  return result;
}

async function markSynced(rows: CustomPatternRecord[]): Promise<void> {
  await db.transaction('rw', db.patterns, async () => {
    for (const p of rows) {
      const now = await db.patterns.get(p.id);
      // Only if nobody edited it meanwhile (an edit sets a newer updatedAt and stays pending).
      if (now && now.updatedAt === p.updatedAt && now.syncState === 'pending') {
        await db.patterns.update(p.id, { syncState: 'synced', lastError: undefined });
      }
    }
  });
}

/** Puts this user's failed patterns back in line (after the user fixed or asked). */
export async function retryFailedPatterns(userId: string): Promise<number> {
  return db.patterns
    .where('syncState')
    .equals('failed')
    .filter((p) => p.userId === userId)
    .modify((p) => {
      p.syncState = 'pending';
      delete p.lastError;
    });
}
