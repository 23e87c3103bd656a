/**
 * The acceptance-style workload the memory benchmark (bench/server-memory.ts) runs against a
 * server started on an empty data folder, as a new install meets it, with a default install's
 * abuse limits: 20 sign-ups, 1,000 sessions synced as the app's outbox sends them (batches of
 * 50) and pulled back, browsing traffic from those 20 people for `browseSeconds`, then a load
 * phase shaped like bench/load.ts (each client its own address through the trusted loopback
 * proxy: a sign-in, then upserts and reads) for `loadSeconds`.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { loadRequests, signUp, signUpLoadClients } from './load-mix';

interface Person {
  token: string;
  address: string;
}

function session(end = Date.now()) {
  return {
    id: randomUUID(),
    pattern_id: 'box',
    pattern_name: 'Box Breathing',
    session_duration: 240,
    cycle_count: 15,
    start_time: new Date(end - 240_000).toISOString(),
    end_time: new Date(end).toISOString(),
    completed: true,
  };
}

async function ok(r: Response, what: string): Promise<void> {
  await r.arrayBuffer();
  if (!r.ok && r.status !== 304) throw new Error(`${what}: ${r.status}`);
}

export async function anonKeyOf(url: string): Promise<string> {
  return ((await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string })
    .supabaseAnonKey;
}

/** 20 sign-ups and 1,000 sessions synced (50 per person, one outbox batch each) and pulled back. */
export async function signUpAndSync(url: string): Promise<Person[]> {
  const anon = await anonKeyOf(url);
  const people: Person[] = [];
  for (let i = 0; i < 20; i++) {
    const address = `192.0.2.${i + 1}`;
    people.push({
      token: await signUp(url, anon, address, `mem.${i}.${randomUUID()}@example.test`),
      address,
    });
  }
  for (const p of people) {
    const headers = {
      apikey: anon,
      authorization: `Bearer ${p.token}`,
      'content-type': 'application/json',
      'x-forwarded-for': p.address,
    };
    const end = Date.now();
    const batch = Array.from({ length: 50 }, (_, i) => session(end - i * 3_600_000));
    await ok(
      await fetch(`${url}/rest/v1/sessions?on_conflict=id`, {
        method: 'POST',
        headers: { ...headers, prefer: 'resolution=merge-duplicates,return=minimal' },
        body: JSON.stringify(batch),
      }),
      'sync',
    );
    await ok(
      await fetch(
        `${url}/rest/v1/sessions?select=*&updated_at=gt.1970-01-01T00:00:00Z&order=updated_at.asc&limit=1000`,
        { headers },
      ),
      'pull',
    );
  }
  return people;
}

/**
 * Each of the people, one request at a time with 250 ms between them: pages, the settings,
 * their history, the community, the marketplace, now and then a new session.
 */
export async function browse(url: string, people: Person[], seconds: number): Promise<number> {
  const anon = await anonKeyOf(url);
  const until = Date.now() + seconds * 1000;
  let requests = 0;
  await Promise.all(
    people.map(async (p, n) => {
      const headers = {
        apikey: anon,
        authorization: `Bearer ${p.token}`,
        'x-forwarded-for': p.address,
      };
      const steps: Array<() => Promise<Response>> = [
        () => fetch(`${url}/`, { headers: { accept: 'text/html' } }),
        () => fetch(`${url}/config.json`),
        () => fetch(`${url}/patterns`, { headers: { accept: 'text/html' } }),
        () => fetch(`${url}/rest/v1/sessions?select=*&order=start_time.desc&limit=20`, { headers }),
        () => fetch(`${url}/api/social/timeline`, { headers }),
        () => fetch(`${url}/api/market/patterns?sort=rating&page=1`, { headers }),
        () => fetch(`${url}/progress`, { headers: { accept: 'text/html' } }),
        () =>
          fetch(`${url}/rest/v1/sessions?on_conflict=id`, {
            method: 'POST',
            headers: {
              ...headers,
              'content-type': 'application/json',
              prefer: 'resolution=ignore-duplicates,return=minimal',
            },
            body: JSON.stringify([session()]),
          }),
        () => fetch(`${url}/api/health`),
      ];
      for (let i = n; Date.now() < until; i++) {
        await ok(await steps[i % steps.length]!(), 'browse');
        requests++;
        await new Promise((r) => setTimeout(r, 250));
      }
    }),
  );
  return requests;
}

/** 200 clients for `seconds`, as bench/load.ts sends them (bench/load-mix.ts). */
export async function load(
  url: string,
  seconds: number,
  connections = 200,
): Promise<{ requests: number; non2xx: number }> {
  const anon = await anonKeyOf(url);
  const emails = await signUpLoadClients(url, anon, connections, 'memload');
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 30,
    requests: loadRequests(anon, emails),
  });
  return { requests: result.requests.total, non2xx: result.non2xx };
}
