import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createCustomPattern } from '../../data/customPatternsRepo';
import { HttpError } from '../../domain/errors/appErrors';
import type { MarketplacePattern } from '../../contracts/marketplace';
import { libraryCopyOf, patternToTry } from './format';
import { requestSync } from '../../sync/page/syncEngine';
import { notify } from '../../ui/toast';
import { marketplaceApi, marketplaceKeys } from '../../backend/api/marketplaceApi';

/** The server's reason for a refusal, or what went wrong on the way. */
export function failureReason(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  return 'The server could not be reached. Check your connection and try again.';
}

/**
 * What a visitor does with a published pattern: try it (a classic session with its timings;
 * a signed-in user's try is recorded as a use), add it to their library (a copy that is
 * theirs from then on: a guest's stays on this device, a signed-in user's syncs), rate it,
 * or, for its creator, unpublish it.
 */
export function useMarketplaceActions(userId: string | null) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => qc.invalidateQueries({ queryKey: marketplaceKeys.all });

  const tryPattern = (p: MarketplacePattern) => {
    if (userId && !p.mine) {
      // Recorded on the way; the session starts whether or not the server answers.
      marketplaceApi.recordUse(p.id, 'try').then(refresh, () => undefined);
    }
    void navigate({ to: '/session/$mode', params: { mode: 'classic' }, state: { pattern: patternToTry(p) } });
  };

  const addToLibrary = async (p: MarketplacePattern): Promise<boolean> => {
    try {
      const copy = await createCustomPattern(libraryCopyOf(p), { userId });
      requestSync();
      notify.success(`${p.name} added to your library`);
      if (userId && !p.mine) marketplaceApi.recordUse(p.id, 'add', copy.id).then(refresh, () => undefined);
      return true;
    } catch (e) {
      notify.error(`${p.name} could not be added`, { description: e instanceof Error ? e.message : String(e) });
      return false;
    }
  };

  const rate = async (p: MarketplacePattern, rating: number): Promise<boolean> => {
    try {
      await marketplaceApi.rate(p.id, rating);
      await refresh();
      return true;
    } catch (e) {
      notify.error('Your rating was not saved', { description: failureReason(e) });
      return false;
    }
  };

  const unpublish = async (p: MarketplacePattern): Promise<boolean> => {
    try {
      await marketplaceApi.unpublish(p.id);
      notify.success(`${p.name} is no longer published`);
      await refresh();
      return true;
    } catch (e) {
      notify.error(`${p.name} could not be unpublished`, { description: failureReason(e) });
      return false;
    }
  };

  return { tryPattern, addToLibrary, rate, unpublish };
}
