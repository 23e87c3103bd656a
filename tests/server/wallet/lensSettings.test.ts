import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import type { Secrets } from '../../../server/secrets';
import { lensSettingsFromEnv } from '../../../server/wallet/lensSettings';
import { walletRoutes } from '../../../server/wallet/routes';

/** The Lens API the server names for a build that names none (GET /api/wallet/lens). */
describe('Lens settings', () => {
  it('reads VITE_LENS_API_URL and VITE_LENS_POST_URL; none means no Lens', () => {
    expect(lensSettingsFromEnv({})).toEqual({ apiUrl: null, postUrl: null });
    expect(
      lensSettingsFromEnv({
        VITE_LENS_API_URL: ' https://api.lens.example/graphql ',
        VITE_LENS_POST_URL: 'https://lens.example/posts/{id}',
      }),
    ).toEqual({
      apiUrl: 'https://api.lens.example/graphql',
      postUrl: 'https://lens.example/posts/{id}',
    });
    // a link template without an API is no Lens at all
    expect(lensSettingsFromEnv({ VITE_LENS_POST_URL: 'https://lens.example/p/{id}' })).toEqual({
      apiUrl: null,
      postUrl: null,
    });
  });

  it('refuses a value that is not an http(s) URL, or a link without {id}', () => {
    expect(() => lensSettingsFromEnv({ VITE_LENS_API_URL: 'lens' })).toThrow(
      'VITE_LENS_API_URL: "lens" is not a URL',
    );
    expect(() => lensSettingsFromEnv({ VITE_LENS_API_URL: 'ftp://lens.example/' })).toThrow(
      'is not an http(s) URL',
    );
    expect(() =>
      lensSettingsFromEnv({
        VITE_LENS_API_URL: 'https://api.lens.example/graphql',
        VITE_LENS_POST_URL: 'https://lens.example/posts/',
      }),
    ).toThrow('needs {id}');
  });

  it('GET /wallet/lens answers the settings without a sign-in', async () => {
    const app = walletRoutes({
      db: {} as Db,
      secrets: {} as Secrets,
      lens: { apiUrl: 'https://api.lens.example/graphql', postUrl: null },
    });
    const res = await app.request('/wallet/lens');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ apiUrl: 'https://api.lens.example/graphql', postUrl: null });
  });
});
