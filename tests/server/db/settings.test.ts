import { describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/pglite';
import { PGLITE_SETTINGS, pgliteSettingsFromEnv } from '../../../server/db/pglite-settings';
import { poolSize } from '../../../server/db/postgres';

describe('embedded database settings', () => {
  it('starts PGlite with the small-install settings, and PNEUMA_PGLITE_SETTINGS on top', async () => {
    const db = await openPglite({ settings: pgliteSettingsFromEnv({ PNEUMA_PGLITE_SETTINGS: 'work_mem=8MB' }) });
    try {
      const r = await db.query<{ name: string; setting: string; unit: string | null }>(
        "select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem', 'max_connections')",
      );
      const by = Object.fromEntries(r.rows.map((x) => [x.name, [x.setting, x.unit]]));
      expect(PGLITE_SETTINGS.shared_buffers).toBe('16MB');
      expect(by.shared_buffers).toEqual(['2048', '8kB']); // 2048 pages of 8 kB = 16 MB
      expect(by.work_mem).toEqual(['8192', 'kB']);
      expect(by.max_connections).toEqual([PGLITE_SETTINGS.max_connections, null]);
    } finally {
      await db.close();
    }
  });

  it('reads PNEUMA_PGLITE_SETTINGS strictly', () => {
    expect(pgliteSettingsFromEnv({})).toEqual({});
    expect(pgliteSettingsFromEnv({ PNEUMA_PGLITE_SETTINGS: ' shared_buffers = 32MB , work_mem=8MB ' })).toEqual({ shared_buffers: '32MB', work_mem: '8MB' });
    expect(() => pgliteSettingsFromEnv({ PNEUMA_PGLITE_SETTINGS: 'shared_buffers=32MB -c fsync=on' })).toThrow(/not name=value/);
    expect(() => pgliteSettingsFromEnv({ PNEUMA_PGLITE_SETTINGS: 'shared_buffers' })).toThrow(/not name=value/);
  });

  it('sizes the PostgreSQL pool for the machine unless PNEUMA_PG_POOL_MAX says otherwise', () => {
    expect(poolSize({}, 1)).toBe(8);
    expect(poolSize({}, 4)).toBe(16);
    expect(poolSize({}, 64)).toBe(32);
    expect(poolSize({ PNEUMA_PG_POOL_MAX: '5' }, 4)).toBe(5);
    expect(() => poolSize({ PNEUMA_PG_POOL_MAX: 'lots' }, 4)).toThrow(/PNEUMA_PG_POOL_MAX/);
    expect(() => poolSize({ PNEUMA_PG_POOL_MAX: '0' }, 4)).toThrow(/PNEUMA_PG_POOL_MAX/);
  });
});
