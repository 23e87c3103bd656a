import { db } from './db';

/**
 * User preferences (also part of the offline data bundle): stored one key per row in
 * `db.preferences`. Missing keys read as the defaults below.
 */
export interface UserPreferences {
  defaultPattern: string;
  voiceEnabled: boolean;
  cameraEnabled: boolean;
  /** Epoch ms of the last successful upload, null before the first one. */
  lastSyncTime: number | null;
}

export const DEFAULT_PREFERENCES: Readonly<UserPreferences> = Object.freeze({
  defaultPattern: 'box',
  voiceEnabled: true,
  cameraEnabled: false,
  lastSyncTime: null,
});

const PREFERENCE_KEYS = Object.keys(DEFAULT_PREFERENCES) as (keyof UserPreferences)[];

export async function getPreferences(): Promise<UserPreferences> {
  const rows = await db.preferences.bulkGet(PREFERENCE_KEYS);
  const out: UserPreferences = { ...DEFAULT_PREFERENCES };
  rows.forEach((row, i) => {
    const key = PREFERENCE_KEYS[i];
    if (row && key && row.value !== undefined) {
      (out as unknown as Record<string, unknown>)[key] = row.value;
    }
  });
  return out;
}

export async function setPreference<K extends keyof UserPreferences>(
  key: K,
  value: UserPreferences[K],
): Promise<void> {
  await db.preferences.put({ key, value });
}

export async function setPreferences(patch: Partial<UserPreferences>): Promise<void> {
  const rows = PREFERENCE_KEYS.filter((k) => patch[k] !== undefined).map((k) => ({
    key: k,
    value: patch[k],
  }));
  await db.preferences.bulkPut(rows);
}

export async function getLastSyncTime(): Promise<number | null> {
  return (await getPreferences()).lastSyncTime;
}

export async function setLastSyncTime(epochMs: number): Promise<void> {
  await setPreference('lastSyncTime', epochMs);
}
