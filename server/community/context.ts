import type { Context } from 'hono';
import { asApiCaller, dbRefusal, type CallerDeps, type SignedInCaller } from '../api/caller';

export type CommunityDeps = CallerDeps;
export type SocialCaller = SignedInCaller;

/** The community needs a signed-in user. */
const COMMUNITY = { guests: false, signIn: 'Not authenticated: sign in to use the community' } as const;

export { dbRefusal };

/** `fn` as the signed-in caller (../api/caller.ts); a Postgres refusal becomes its 4xx answer. */
export function asCaller(
  c: Context,
  deps: CommunityDeps,
  fn: (caller: SocialCaller) => Promise<Response>,
): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY, fn);
}
