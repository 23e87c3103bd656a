/**
 * The load benchmark's traffic, shared by bench/load.ts and the memory benchmark's load phase
 * (bench/memory-workload.ts): clients with an address each behind the trusted loopback proxy,
 * each signing in once and then sending ten upserts and nine reads with its token, over and over.
 */
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { benchSession } from './session-row';

export const LOAD_PASSWORD = 'load test slow breathing';

/** Client number `i`'s own address (sent as X-Forwarded-For through the loopback proxy). */
export function clientAddress(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

/** Signs up one account from `address`; answers its access token. */
export async function signUp(
  url: string,
  anon: string,
  address: string,
  email: string,
  password = LOAD_PASSWORD,
): Promise<string> {
  const r = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anon, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  if (r.status !== 200) throw new Error(`sign-up: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { access_token: string }).access_token;
}

/** Signs up `connections` load clients (eight at a time), client i from clientAddress(i); answers their emails. */
export async function signUpLoadClients(
  url: string,
  anon: string,
  connections: number,
  tag: string,
): Promise<string[]> {
  const emails = Array.from(
    { length: connections },
    (_, i) => `${tag}.${i}.${randomUUID()}@example.test`,
  );
  for (let i = 0; i < emails.length; i += 8) {
    await Promise.all(
      emails.slice(i, i + 8).map((email, j) => signUp(url, anon, clientAddress(i + j), email)),
    );
  }
  return emails;
}

interface Ctx {
  user?: number;
  access?: string;
  pending?: string;
}

/**
 * The requests of one load client's round: a sign-in, then ten upserts and nine reads with its
 * token. `onAcked` hears the id of every upsert the server acknowledged (201).
 */
export function loadRequests(
  anon: string,
  emails: string[],
  onAcked?: (id: string) => void,
): autocannon.Request[] {
  let nextUser = 0;
  const headers = (ctx: Ctx) => ({
    apikey: anon,
    authorization: `Bearer ${ctx.access ?? anon}`,
    'content-type': 'application/json',
    'x-forwarded-for': clientAddress(ctx.user ?? 0),
  });
  const signIn: autocannon.Request = {
    method: 'POST',
    path: '/auth/v1/token?grant_type=password',
    setupRequest: (req, context) => {
      const ctx = context as Ctx;
      ctx.user = nextUser++ % emails.length;
      return {
        ...req,
        headers: headers(ctx),
        body: JSON.stringify({ email: emails[ctx.user], password: LOAD_PASSWORD }),
      };
    },
    onResponse: (status, body, context) => {
      if (status === 200)
        (context as Ctx).access = (JSON.parse(body) as { access_token: string }).access_token;
    },
  };
  const upsert: autocannon.Request = {
    method: 'POST',
    path: '/rest/v1/sessions?on_conflict=id',
    setupRequest: (req, context) => {
      const ctx = context as Ctx;
      ctx.pending = randomUUID();
      return {
        ...req,
        headers: { ...headers(ctx), prefer: 'resolution=ignore-duplicates,return=minimal' },
        body: JSON.stringify([benchSession(ctx.pending)]),
      };
    },
    onResponse: (status, _body, context) => {
      const ctx = context as Ctx;
      if (status === 201 && ctx.pending) onAcked?.(ctx.pending);
    },
  };
  const read: autocannon.Request = {
    method: 'GET',
    path: '/rest/v1/sessions?select=id,pattern_name,session_duration&order=start_time.desc&limit=20',
    setupRequest: (req, context) => ({ ...req, headers: headers(context as Ctx) }),
  };
  return [signIn, ...Array.from({ length: 19 }, (_, i) => (i % 2 === 0 ? upsert : read))];
}
