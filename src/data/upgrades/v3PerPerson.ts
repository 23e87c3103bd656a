import type { Transaction } from 'dexie';

/**
 * Schema v3 upgrade: favourites, ratings and the person's preferences move into the
 * per-owner tables (userFavorites, userRatings, userPreferences). They belong to whoever
 * was signed in when the app updated (their changes then wait for upload), or to the guest
 * ('' owner) when nobody was. Nothing is dropped: every favourite, rating and preference
 * row reappears in its new table; device settings stay in `preferences`.
 *
 * Frozen with schema v3: later changes get their own version and upgrade.
 */
const PERSON_PREFERENCE_KEYS_V3 = [
  'defaultPattern',
  'voiceEnabled',
  'cameraEnabled',
  'selectedPattern',
];

interface OldFavorite {
  patternId: string;
  addedAt: number;
}
interface OldRating {
  patternId: string;
  rating: number;
  ratedAt: number;
}
interface OldPreference {
  key: string;
  value: unknown;
}

const isoOf = (ms: unknown, fallback: string) =>
  typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : fallback;

export async function upgradeToPerPersonTables(tx: Transaction): Promise<void> {
  const auth = (await tx.table('authSession').get('current')) as { userId?: string } | undefined;
  const owner = auth?.userId ?? '';
  const syncState = owner ? 'pending' : 'guest';
  const now = new Date().toISOString();

  // Each old table's rows into the new one, with the time of the choice as the change time.
  const moves: [from: string, to: string, at: 'addedAt' | 'ratedAt'][] = [
    ['favorites', 'userFavorites', 'addedAt'],
    ['ratings', 'userRatings', 'ratedAt'],
  ];
  for (const [from, to, at] of moves) {
    const rows = (await tx.table(from).toArray()) as (OldFavorite & OldRating)[];
    await tx
      .table(to)
      .bulkPut(
        rows.map((r) => ({ ...r, owner, syncState, updatedAt: isoOf(r[at], now), deleted: false })),
      );
  }
  const prefs = (
    (await tx.table('preferences').bulkGet(PERSON_PREFERENCE_KEYS_V3)) as (
      OldPreference | undefined
    )[]
  ).filter((p): p is OldPreference => p !== undefined && p.value !== undefined);
  await tx.table('userPreferences').bulkPut(
    prefs.map((p) => ({
      owner,
      key: p.key,
      value: p.value,
      syncState,
      updatedAt: now,
      deleted: false,
    })),
  );
  await tx.table('preferences').bulkDelete(prefs.map((p) => p.key));
  await tx.table('favorites').clear();
  await tx.table('ratings').clear();
}
