// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { getConfig, loadConfig, missingSettings } from '../../src/backend/config';

function jsonFetch(body: unknown, status = 200): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
}
const failingFetch = (async () => {
  throw new TypeError('Failed to fetch');
}) as typeof fetch;

describe('configuration (refuses to start without backend URL and key)', () => {
  beforeEach(() => localStorage.clear());

  it('names each missing setting', () => {
    expect(missingSettings({})).toHaveLength(2);
    expect(missingSettings({ supabaseUrl: 'http://x' })).toEqual([expect.stringContaining('public key')]);
    expect(missingSettings({ supabaseUrl: 'http://x', supabaseAnonKey: 'k' })).toEqual([]);
  });

  it('loads /config.json and defaults apiUrl to the backend URL', async () => {
    const r = await loadConfig(jsonFetch({ supabaseUrl: 'http://127.0.0.1:8787/', supabaseAnonKey: 'anon' }));
    expect(r.ok).toBe(true);
    expect(getConfig()).toEqual({ supabaseUrl: 'http://127.0.0.1:8787', supabaseAnonKey: 'anon', apiUrl: 'http://127.0.0.1:8787' });
  });

  it('reports what is missing when the server gives an incomplete config', async () => {
    const r = await loadConfig(jsonFetch({ supabaseUrl: 'http://x' }));
    expect(r).toMatchObject({ ok: false, missing: [expect.stringContaining('public key')] });
  });

  it('starts offline from the last good copy', async () => {
    await loadConfig(jsonFetch({ supabaseUrl: 'http://a', supabaseAnonKey: 'k', apiUrl: 'http://a' }));
    const r = await loadConfig(failingFetch);
    expect(r.ok).toBe(true);
  });

  it('fails clearly offline with no copy', async () => {
    const r = await loadConfig(failingFetch);
    expect(r).toMatchObject({ ok: false, detail: 'Failed to fetch' });
  });
});
