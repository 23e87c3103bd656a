import type { Context } from 'hono';
import type { z } from 'zod';
import { asApiCaller, dbRefusal, type CallerDeps, type SignedInCaller } from '../api/caller';
import { jsonBody, validationFailed } from '../api/respond';

export type CommunityDeps = CallerDeps;
export type SocialCaller = SignedInCaller;

/** The community needs a signed-in user. */
const COMMUNITY = { guests: false, signIn: 'Not authenticated: sign in to use the community' } as const;

/** The JSON body checked by `schema`, or the 4xx answer that says what is wrong. */
export async function parsedBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<z.infer<S> | Response> {
  const b = await jsonBody(c);
  if (b instanceof Response) return b;
  const parsed = schema.safeParse(b.value);
  if (!parsed.success) return validationFailed(c, parsed.error);
  return parsed.data;
}

export { dbRefusal };

/** `fn` as the signed-in caller (../api/caller.ts); a Postgres refusal becomes its 4xx answer. */
export function asCaller(
  c: Context,
  deps: CommunityDeps,
  fn: (caller: SocialCaller) => Promise<Response>,
): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY, fn);
}
