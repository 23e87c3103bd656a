import { apiCall } from '../backend/apiCall';
import { getSupabase } from '../backend/supabaseClient';
import { AppError } from '../domain/errors/appErrors';
import { ERROR_TEXT } from '../domain/errors/messages';
import type { SupportedChainId } from '../domain/wallet/chains';
import type { LinkApi, LinkedWallet } from './walletStore';

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
