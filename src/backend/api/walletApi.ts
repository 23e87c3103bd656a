import { apiCall } from './apiCall';
import { getSupabase } from '../supabaseClient';
import { WALLET_API, type LensSettingsAnswer } from '../../contracts/wallet';
import type { ChainBody, SiweMessageBody, SiweVerifyBody } from '../../contracts/walletSchemas';
import type { AnswerOf, BodyOf, Endpoint } from '../../contracts/endpoint';
import { AppError } from '../../domain/errors/appErrors';
import { ERROR_TEXT } from '../../domain/errors/messages';
import type { LinkApi } from '../../wallet/walletStore';

/** As the signed-in account (its access token); a guest is told to sign up first. */
async function call<E extends Endpoint>(ep: E, body?: BodyOf<E>): Promise<AnswerOf<E>> {
  const { data } = await (await getSupabase()).auth.getSession();
  const bearer = data.session?.access_token;
  if (!bearer) throw new AppError(ERROR_TEXT.walletNeedsEmail, { category: 'authentication' });
  return apiCall(ep, { signedIn: true, bearer, body });
}

/** Linking a wallet by Sign-In with Ethereum (src/contracts/wallet.ts; server/wallet/routes.ts). */
export const walletApi: LinkApi = {
  linked: () => call(WALLET_API.linked),
  message: (address, chainId) =>
    call(WALLET_API.message, { address, chainId } satisfies SiweMessageBody),
  verify: (message, signature) =>
    call(WALLET_API.verify, { message, signature } satisfies SiweVerifyBody),
  setChain: (chainId) => call(WALLET_API.chain, { chainId } satisfies ChainBody),
  unlink: () => call(WALLET_API.unlink),
};

/** The Lens endpoints this server names (GET /api/wallet/lens, public); nulls when it names none. */
export async function lensSettings(): Promise<LensSettingsAnswer> {
  const body =
    (await apiCall(WALLET_API.lens, {
      signedIn: false,
      attempts: 1,
    })) ?? {};
  return {
    apiUrl: typeof body.apiUrl === 'string' && body.apiUrl ? body.apiUrl : null,
    postUrl: typeof body.postUrl === 'string' && body.postUrl ? body.postUrl : null,
  };
}
