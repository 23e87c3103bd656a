import { db } from './db';
import { currentOwner, getOwned, putOwned } from './ownedRows';
import { DEFAULT_PREFERENCES, type UserPreferences } from './userPreferences';

/**
 * User preferences (also part of the offline data bundle). The person's choices (every
 * key of UserPreferences but lastSyncTime, plus the selected pattern) are kept per owner in
 * `db.userPreferences` and sync with a signed-in user's other devices; the device's own
 * settings (lastSyncTime, the backend settings for the service worker) stay in
 * `db.preferences`. Missing keys read as the defaults (./userPreferences).
 */
export { DEFAULT_PREFERENCES, type UserPreferences };

/** Preferences of this device, not of the person: they never sync. */
const DEVICE_KEYS: ReadonlySet<string> = new Set<keyof UserPreferences>(['lastSyncTime']);
const PERSON_KEYS = (Object.keys(DEFAULT_PREFERENCES) as (keyof UserPreferences)[]).filter(
  (k) => !DEVICE_KEYS.has(k),
);

export async function getPreferences(): Promise<UserPreferences> {
  const owner = await currentOwner();
  const [rows, lastSync] = await Promise.all([
    db.userPreferences.bulkGet(PERSON_KEYS.map((k) => [owner, k] as [string, string])),
    db.preferences.get('lastSyncTime'),
  ]);
  const out: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  rows.forEach((row, i) => {
    if (row && !row.deleted && row.value !== undefined) out[PERSON_KEYS[i]!] = row.value;
  });
  if (lastSync && lastSync.value !== undefined) out.lastSyncTime = lastSync.value;
  return out as unknown as UserPreferences;
}

/** One of the person's preferences by key (including ones outside UserPreferences, e.g. the selected pattern). */
export async function getPersonPreference<T>(key: string): Promise<T | undefined> {
  const row = await getOwned(db.userPreferences, [await currentOwner(), key]);
  return row?.value as T | undefined;
}

/** Sets one of the person's preferences; a signed-in user's change syncs to their other devices. */
export async function setPersonPreference(
  key: string,
  value: unknown,
  at: Date = new Date(),
): Promise<void> {
  await db.transaction('rw', db.authSession, db.userPreferences, async () => {
    await putOwned(db.userPreferences, [await currentOwner(), key], { key, value }, at);
  });
}

export async function setPreference<K extends keyof UserPreferences>(
  key: K,
  value: UserPreferences[K],
): Promise<void> {
  if (DEVICE_KEYS.has(key)) await db.preferences.put({ key, value });
  else await setPersonPreference(key, value);
}

export async function setPreferences(patch: Partial<UserPreferences>): Promise<void> {
  const keys = (Object.keys(DEFAULT_PREFERENCES) as (keyof UserPreferences)[]).filter(
    (k) => patch[k] !== undefined,
  );
  await db.transaction('rw', db.authSession, db.userPreferences, db.preferences, async () => {
    for (const k of keys) await setPreference(k, patch[k]!);
  });
}
