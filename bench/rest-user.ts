import { randomUUID } from 'node:crypto';

/** A fresh account on a running server, for the REST benchmarks: its anon key and access token. */
export async function benchUser(url: string, prefix: string): Promise<{ anonKey: string; token: string }> {
  const anonKey = ((await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
  const signup = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${prefix}.${randomUUID()}@example.test`, password: 'bench-password' }),
  });
  if (!signup.ok) throw new Error(`sign-up for the benchmark failed: ${signup.status} ${await signup.text()}`);
  const token = ((await signup.json()) as { access_token: string }).access_token;
  return { anonKey, token };
}
