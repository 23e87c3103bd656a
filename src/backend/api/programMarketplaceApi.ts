import { apiCall } from './apiCall';
import type { PublishProgramBody } from '../../contracts/marketplaceSchemas';
import type { MarketProgram, MarketProgramPage } from '../../domain/marketplace/programListing';
import type { ProgramDefinition } from '../../domain/programs/programTypes';

/**
 * Programs in the marketplace (server/marketplace/programs.ts), through the app's /api helper:
 * guests read with the public key alone, a member's calls carry their access token. A 4xx
 * answer is thrown as HttpError with the server's message.
 */
export const programMarketplaceApi = {
  list: (q: string, page: number, asUser: boolean) => {
    const qs = new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) });
    const query = qs.toString();
    return apiCall<MarketProgramPage>(`/market/programs${query ? `?${query}` : ''}`, { signedIn: asUser });
  },
  publish: (sourceProgramId: string, program: ProgramDefinition) =>
    apiCall<{ program: MarketProgram; role: string }>('/market/programs', {
      signedIn: true,
      method: 'POST',
      body: { sourceProgramId, program } satisfies PublishProgramBody,
    }),
  unpublish: (id: string) => apiCall<void>(`/market/programs/${id}`, { signedIn: true, method: 'DELETE' }),
};
