import { describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { displayName } from '../../../src/app/auth/authStore';
import { ensureUserRow } from '../../../src/app/auth/userRow';

type Result = { data?: unknown; error: { message: string; code?: string } | null };

function fakeClient(select: Result, insert: Result = { error: null }) {
  const inserted: unknown[] = [];
  const eq = vi.fn(() => ({ maybeSingle: async () => select }));
  const client = {
    from: vi.fn((table: string) => {
      expect(table).toBe('users');
      return {
        select: vi.fn((cols: string) => {
          expect(cols).toBe('id, role');
          return { eq };
        }),
        insert: vi.fn(async (row: unknown) => {
          inserted.push(row);
          return insert;
        }),
      };
    }),
  };
  return { client: client as unknown as SupabaseClient, inserted, eq };
}

describe('users row on sign-in', () => {
  it('reads the role of an existing row and inserts nothing', async () => {
    const f = fakeClient({ data: { id: 'u1', role: 'creator' }, error: null });
    expect(await ensureUserRow(f.client, 'u1')).toBe('creator');
    expect(f.eq).toHaveBeenCalledWith('id', 'u1');
    expect(f.inserted).toEqual([]);
  });
  it('creates {id, role: user} on first sign-in', async () => {
    const f = fakeClient({ data: null, error: null });
    expect(await ensureUserRow(f.client, 'u2')).toBe('user');
    expect(f.inserted).toEqual([{ id: 'u2', role: 'user' }]);
  });
  it('tolerates a row created meanwhile by another tab (23505)', async () => {
    const f = fakeClient(
      { data: null, error: null },
      { error: { message: 'duplicate key', code: '23505' } },
    );
    expect(await ensureUserRow(f.client, 'u3')).toBe('user');
  });
  it('throws on other failures so the role is loaded again later', async () => {
    await expect(
      ensureUserRow(fakeClient({ error: { message: 'Failed to fetch' } }).client, 'u4'),
    ).rejects.toThrow('Failed to fetch');
    const f = fakeClient(
      { data: null, error: null },
      { error: { message: 'permission denied', code: '42501' } },
    );
    await expect(ensureUserRow(f.client, 'u5')).rejects.toThrow('permission denied');
  });
  it('an unknown role reads as user', async () => {
    expect(
      await ensureUserRow(
        fakeClient({ data: { id: 'u6', role: 'admin' }, error: null }).client,
        'u6',
      ),
    ).toBe('user');
  });
});

describe('the name to greet with', () => {
  it('greets with the profile name, else the email local part', () => {
    expect(displayName({ name: ' Ada ', email: 'a@x.test' })).toBe('Ada');
    expect(displayName({ email: 'breather@x.test' })).toBe('breather');
    expect(displayName({ name: '  ', email: 'b@x.test' })).toBe('b');
  });
});
