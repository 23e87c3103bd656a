import type { PneumaDatabase } from '../../data/db';

/**
 * The change counters (src/contracts/syncChanges.ts) this device saw at its last complete
 * pull of each table, for the signed-in user (device preference `syncVersions`; cleared at
 * sign-out with the user's data, see ../personData.ts).
 */
export const SEEN_VERSIONS_KEY = 'syncVersions';

interface Stored {
  userId: string;
  versions: Record<string, number>;
}

export async function readSeenVersions(
  database: PneumaDatabase,
  userId: string,
): Promise<Record<string, number>> {
  const stored = (await database.preferences.get(SEEN_VERSIONS_KEY))?.value as Stored | undefined;
  return stored?.userId === userId ? { ...stored.versions } : {};
}

export async function saveSeenVersions(
  database: PneumaDatabase,
  userId: string,
  versions: Record<string, number>,
): Promise<void> {
  await database.preferences.put({ key: SEEN_VERSIONS_KEY, value: { userId, versions } satisfies Stored });
}
