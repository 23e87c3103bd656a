import { apiCall } from './apiCall';
import { getSupabase } from '../supabaseClient';
import { WALLET_API, type LensSettingsAnswer, type LinkedWallet, type SiweMessageAnswer } from '../../contracts/wallet';
import type { ChainBody, SiweMessageBody, SiweVerifyBody } from '../../contracts/walletSchemas';
import type { Endpoint } from '../../contracts/endpoint';
import { AppError } from '../../domain/errors/appErrors';
import { ERROR_TEXT } from '../../domain/errors/messages';
import type { LinkApi } from '../../wallet/walletStore';

/** As the signed-in account (its access token); a guest is told to sign up first. */
async function call<T>(ep: Endpoint, body?: unknown): Promise<T> {
  const { data } = await (await getSupabase()).auth.getSession();
  const bearer = data.session?.access_token;
  if (!bearer) throw new AppError(ERROR_TEXT.walletNeedsEmail, { category: 'authentication' });
  return apiCall<T>(ep, { signedIn: true, bearer, body });
}

/** Linking a wallet by Sign-In with Ethereum (src/contracts/wallet.ts; server/wallet/routes.ts). */
export const walletApi: LinkApi = {
  linked: () => call<LinkedWallet>(WALLET_API.linked),
  message: (address, chainId) =>
    call<SiweMessageAnswer>(WALLET_API.message, { address, chainId } satisfies SiweMessageBody),
  verify: (message, signature) =>
    call<LinkedWallet>(WALLET_API.verify, { message, signature } satisfies SiweVerifyBody),
  setChain: (chainId) => call<LinkedWallet>(WALLET_API.chain, { chainId } satisfies ChainBody),
  unlink: () => call<void>(WALLET_API.unlink),
};

/** The Lens endpoints this server names (GET /api/wallet/lens, public); nulls when it names none. */
export async function lensSettings(): Promise<LensSettingsAnswer> {
  const body =
    (await apiCall<Partial<Record<keyof LensSettingsAnswer, unknown>> | undefined>(WALLET_API.lens, {
      signedIn: false,
      attempts: 1,
    })) ?? {};
  return {
    apiUrl: typeof body.apiUrl === 'string' && body.apiUrl ? body.apiUrl : null,
    postUrl: typeof body.postUrl === 'string' && body.postUrl ? body.postUrl : null,
  };
}
