import { apiCall } from './apiCall';
import { MARKETPLACE_API } from '../../contracts/marketplace';
import type { PublishProgramBody } from '../../contracts/marketplaceSchemas';
import type { ProgramDefinition } from '../../domain/programs/programTypes';

/**
 * Programs in the marketplace (server/marketplace/programs.ts), through the app's /api helper:
 * guests read with the public key alone, a member's calls carry their access token. A 4xx
 * answer is thrown as HttpError with the server's message.
 */
export const programMarketplaceApi = {
  list: (q: string, page: number, asUser: boolean) =>
    apiCall(MARKETPLACE_API.programs, {
      signedIn: asUser,
      query: { ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) },
    }),
  publish: (sourceProgramId: string, program: ProgramDefinition) =>
    apiCall(MARKETPLACE_API.publishProgram, {
      signedIn: true,
      body: { sourceProgramId, program } satisfies PublishProgramBody,
    }),
  unpublish: (id: string) =>
    apiCall(MARKETPLACE_API.unpublishProgram, { signedIn: true, params: { id } }),
};
