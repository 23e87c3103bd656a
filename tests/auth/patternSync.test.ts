import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { db, type CustomPatternRecord } from '../../src/data/db';
import {
  retryFailedPatterns,
  syncPatterns,
  toPatternRow,
} from '../../src/features/create-pattern/patternSync';

const base = (patch: Partial<CustomPatternRecord>): CustomPatternRecord => ({
  id: crypto.randomUUID(),
  userId: 'me',
  name: 'Triangle',
  description: '',
  inhale: 3,
  hold: 2,
  exhale: 3,
  hold_after_exhale: 1,
  category: 'stress',
  difficulty: 'Beginner',
  benefits: ['Calm'],
  createdAt: '2026-03-10T10:00:00.000Z',
  updatedAt: '2026-03-10T10:00:00.000Z',
  deleted: false,
  syncState: 'pending',
  ...patch,
});

type Reply = { error: { message: string } | null; status: number };

function fakeSupabase(reply: (rows: { id: string; name: string }[]) => Reply | Promise<Reply>) {
  const calls: { rows: { id: string; name: string }[]; options: unknown }[] = [];
  const client = {
    from: (table: string) => {
      expect(table).toBe('patterns');
      return {
        upsert: async (rows: { id: string; name: string }[], options: unknown) => {
          calls.push({ rows, options });
          return reply(rows);
        },
      };
    },
  };
  return { client: client as unknown as SupabaseClient, calls };
}

beforeEach(async () => {
  await db.patterns.clear();
});

describe('custom pattern sync (upsert on_conflict id)', () => {
  it('maps a local pattern to its row', () => {
    const p = base({ description: '', deleted: true });
    expect(toPatternRow(p, 'me')).toEqual({
      id: p.id,
      user_id: 'me',
      name: 'Triangle',
      description: null,
      inhale: 3,
      hold: 2,
      exhale: 3,
      hold_after_exhale: 1,
      category: 'stress',
      difficulty: 'Beginner',
      benefits: ['Calm'],
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      deleted: true,
    });
  });

  it("uploads only this user's pending patterns, keyed by id, and marks them synced", async () => {
    const mine = base({});
    const deleted = base({ deleted: true, name: 'Old' });
    await db.patterns.bulkAdd([
      mine,
      deleted,
      base({ userId: null, syncState: 'guest' }),
      base({ userId: 'other' }),
      base({ syncState: 'synced' }),
    ]);
    const f = fakeSupabase(() => ({ error: null, status: 201 }));
    expect(await syncPatterns(f.client, 'me')).toEqual({ uploaded: 2, failed: 0, remaining: 0 });
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0]!.options).toEqual({ onConflict: 'id' });
    expect(f.calls[0]!.rows.map((r) => r.id).sort()).toEqual([mine.id, deleted.id].sort());
    expect((await db.patterns.get(mine.id))?.syncState).toBe('synced');
    expect((await db.patterns.get(deleted.id))?.syncState).toBe('synced');
    // nothing left: a second run sends nothing
    expect(await syncPatterns(f.client, 'me')).toEqual({ uploaded: 0, failed: 0, remaining: 0 });
    expect(f.calls).toHaveLength(1);
  });

  it('leaves rows pending on network errors and 5xx', async () => {
    const p = base({});
    await db.patterns.add(p);
    expect(
      await syncPatterns(
        fakeSupabase(() => ({ error: { message: 'TypeError: Failed to fetch' }, status: 0 }))
          .client,
        'me',
      ),
    ).toEqual({
      uploaded: 0,
      failed: 0,
      remaining: 1,
    });
    expect(
      await syncPatterns(
        fakeSupabase(() => ({ error: { message: 'boom' }, status: 503 })).client,
        'me',
      ),
    ).toMatchObject({ remaining: 1 });
    expect((await db.patterns.get(p.id))?.syncState).toBe('pending');
  });

  it('a refused row is marked failed with the message; the others still sync', async () => {
    const good = base({ name: 'Good' });
    const bad = base({ name: 'Bad' });
    await db.patterns.bulkAdd([good, bad]);
    const f = fakeSupabase((rows) =>
      rows.some((r) => r.name === 'Bad')
        ? {
            error: { message: 'new row violates check constraint "patterns_inhale_check"' },
            status: 400,
          }
        : { error: null, status: 201 },
    );
    expect(await syncPatterns(f.client, 'me')).toEqual({ uploaded: 1, failed: 1, remaining: 0 });
    expect((await db.patterns.get(good.id))?.syncState).toBe('synced');
    expect(await db.patterns.get(bad.id)).toMatchObject({
      syncState: 'failed',
      lastError: 'new row violates check constraint "patterns_inhale_check"',
    });
    // not retried automatically, only on request
    expect(await syncPatterns(f.client, 'me')).toEqual({ uploaded: 0, failed: 0, remaining: 0 });
    expect(await retryFailedPatterns('me')).toBe(1);
    expect((await db.patterns.get(bad.id))?.syncState).toBe('pending');
  });

  it('an edit made during the upload stays pending for the next run', async () => {
    const p = base({});
    await db.patterns.add(p);
    const f = fakeSupabase(async () => {
      await db.patterns.update(p.id, { name: 'Edited', updatedAt: '2026-03-10T10:05:00.000Z' });
      return { error: null, status: 201 };
    });
    await syncPatterns(f.client, 'me');
    expect(await db.patterns.get(p.id)).toMatchObject({ name: 'Edited', syncState: 'pending' });
  });

  it('concurrent calls share one run', async () => {
    await db.patterns.add(base({}));
    const reply = vi.fn(() => ({ error: null, status: 201 }));
    const f = fakeSupabase(reply);
    const [a, b] = await Promise.all([syncPatterns(f.client, 'me'), syncPatterns(f.client, 'me')]);
    expect(a).toBe(b);
    expect(reply).toHaveBeenCalledTimes(1);
  });
});
