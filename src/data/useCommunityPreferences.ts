import {
  COMMUNITY_PREFERENCES_KEY,
  parseCommunityPreferences,
  type CommunityPreferences,
} from '../domain/communityPreferences';
import { useLocalQuery } from './useLocalQuery';

/**
 * The person's community preferences from the local database (docs/product.md § Sharing and
 * community), live; undefined until the first read has answered (a missing or bad stored
 * value reads as the defaults).
 */
export function useCommunityPreferences(): CommunityPreferences | undefined {
  return useLocalQuery(
    async (d) =>
      parseCommunityPreferences(await d.getPersonPreference<unknown>(COMMUNITY_PREFERENCES_KEY)),
    [],
  );
}
