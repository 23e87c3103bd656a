import { apiCall } from './apiCall';
import { getSupabase } from '../supabaseClient';
import { AppError } from '../../domain/errors/appErrors';
import { ERROR_TEXT } from '../../domain/errors/messages';
import type { SupportedChainId } from '../../domain/wallet/chains';
import type { LinkApi, LinkedWallet } from '../../wallet/walletStore';

/** The signed-in account's access token; a guest is told to sign up first. */
async function call<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const { data } = await (await getSupabase()).auth.getSession();
  const bearer = data.session?.access_token;
  if (!bearer) throw new AppError(ERROR_TEXT.walletNeedsEmail, { category: 'authentication' });
  return apiCall<T>(`/wallet${path}`, { signedIn: true, bearer, method, body });
}

/** The server's Sign-In with Ethereum endpoints (server/wallet/routes.ts). */
export const siweApi: LinkApi = {
  linked: () => call<LinkedWallet>(''),
  message: (address, chainId) =>
    call<{ message: string }>('/siwe/message', 'POST', { address, chainId }),
  verify: (message, signature) =>
    call<LinkedWallet>('/siwe/verify', 'POST', { message, signature }),
  setChain: (chainId: SupportedChainId) => call<LinkedWallet>('/chain', 'PUT', { chainId }),
  unlink: () => call<void>('', 'DELETE'),
};

/** The Lens endpoints this server names (GET /api/wallet/lens, public); nulls when it names none. */
export async function lensSettings(): Promise<{ apiUrl: string | null; postUrl: string | null }> {
  const body =
    (await apiCall<{ apiUrl?: unknown; postUrl?: unknown } | undefined>('/wallet/lens', {
      signedIn: false,
      attempts: 1,
    })) ?? {};
  return {
    apiUrl: typeof body.apiUrl === 'string' && body.apiUrl ? body.apiUrl : null,
    postUrl: typeof body.postUrl === 'string' && body.postUrl ? body.postUrl : null,
  };
}
