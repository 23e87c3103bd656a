import { describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { displayName, ensureUserRow } from '../../src/app/auth/authStore';
import { validateAuthSearch } from '../../src/features/auth/authSearch';
import { avatarUrlError } from '../../src/features/profile/avatar';

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

describe('users row on sign-in (spec 7)', () => {
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

describe('names, auth search and avatar addresses', () => {
  it('greets with the profile name, else the email local part', () => {
    expect(displayName({ name: ' Ada ', email: 'a@x.test' })).toBe('Ada');
    expect(displayName({ email: 'breather@x.test' })).toBe('breather');
    expect(displayName({ name: '  ', email: 'b@x.test' })).toBe('b');
  });
  it('/auth keeps context=social|progress and a same-site redirect only', () => {
    expect(validateAuthSearch({ context: 'progress', redirect: '/progress' })).toEqual({
      context: 'progress',
      redirect: '/progress',
    });
    expect(validateAuthSearch({ context: 'social' })).toEqual({ context: 'social' });
    expect(validateAuthSearch({ context: 'admin', redirect: '//evil.example' })).toEqual({});
    expect(validateAuthSearch({ redirect: 'https://evil.example' })).toEqual({});
  });
  it('accepts web and data-image avatars, refuses anything else with a clear message', () => {
    expect(avatarUrlError('')).toBeUndefined();
    expect(avatarUrlError('https://example.test/me.png')).toBeUndefined();
    expect(avatarUrlError('data:image/jpeg;base64,AAAA')).toBeUndefined();
    expect(avatarUrlError('javascript:alert(1)')).toBe(
      'Enter a web address starting with https://, or choose an image file.',
    );
    expect(avatarUrlError('not a url')).toBe(
      'Enter a web address starting with https://, or choose an image file.',
    );
  });
});

describe('sign-in error messages', async () => {
  const { providerMessage } = await import('../../src/features/auth/authActions');
  it('shows the provider message as it is', () => {
    expect(
      providerMessage({ name: 'AuthApiError', message: 'Invalid login credentials', status: 400 }),
    ).toBe('Invalid login credentials');
    expect(
      providerMessage({
        name: 'AuthWeakPasswordError',
        message: 'Password should be at least 6 characters.',
        status: 422,
      }),
    ).toBe('Password should be at least 6 characters.');
  });
  it('says "connection problem" when the provider was never reached', () => {
    const offline = 'Connection problem. Please check your internet and try again.';
    expect(
      providerMessage({ name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 }),
    ).toBe(offline);
    expect(providerMessage({ message: 'TypeError: Failed to fetch' })).toBe(offline);
    expect(providerMessage(null)).toBe('Something went wrong. Please try again.');
  });
});
