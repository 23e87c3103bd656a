/**
 * Measures the two High findings of issue 42 against a server listening on loopback, for the
 * before/after figures of the issue (not a test: the attack tests in this folder are the bounded
 * equivalents). Run one at a time on a quiet machine:
 *
 *   npx tsx tests/server/attacks/measure-holds.ts filters [--seconds 20] [--postgres] [--signed-in]
 *   npx tsx tests/server/attacks/measure-holds.ts program
 *
 * filters: 60 published courses whose descriptions are 2,000 'a's; an attacker sends, back to
 * back for the given seconds, one request of 120 `description=not.ilike.*aaa…ab*` filters (the
 * anon key, or with --signed-in a member's token); meanwhile /api/health is asked every 100 ms
 * and a second member reads their sessions every 500 ms. Prints the slowest health answer and
 * the members' read success rate. The server runs as `npm start` runs it (PGlite on its own
 * thread, the default statement timeouts and limits), or on a PostgreSQL 15 cluster.
 *
 * program: a member POSTs the 21 KB program of 60 segments of 3,600 s made of 0.1 s phases to
 * /api/market/programs; prints the answer's time and this process's resident memory (the
 * server runs in it) before and after.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { migrate } from '../../../server/db/migrate';
import { openPgliteThread } from '../../../server/db/pglite-thread';
import { openPostgres } from '../../../server/db/postgres';
import { startPgCluster } from '../../../server/dev/pg-cluster';
import type { Db } from '../../../server/db/types';
import { listen } from '../helpers';

const args = process.argv.slice(2);
const mode = args[0];
const flag = (name: string) => args.includes(name);
const num = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const mb = (n: number) => `${Math.round(n / 1048576)} MB`;

async function openDb(postgres: boolean): Promise<{ db: Db; dispose: () => Promise<void> }> {
  if (postgres) {
    const cluster = await startPgCluster();
    const db = openPostgres(cluster.url, 8, 1, 2);
    return {
      db,
      dispose: async () => {
        await db.close();
        await cluster.stop();
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'pneuma-measure-'));
  const db = await openPgliteThread({ dataDir: join(dir, 'pglite') });
  return {
    db,
    dispose: async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function signUp(url: string, anon: string): Promise<string> {
  const r = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anon, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `m-${randomUUID()}@example.test`,
      password: 'correct horse battery staple 42',
    }),
  });
  if (r.status !== 200) throw new Error(`sign-up: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { access_token: string }).access_token;
}

/** The report's hostile program: 60 breathing segments of 3,600 s, each of eight 0.1 s phases. */
export function hostileProgram() {
  const phases = ['inhale', 'hold', 'exhale', 'pause', 'inhale', 'hold', 'exhale', 'pause'].map(
    (phase) => ({ phase, seconds: 0.1 }),
  );
  return {
    version: 1,
    name: 'Hostile',
    description: '',
    category: 'calm',
    segments: Array.from({ length: 60 }, () => ({ kind: 'breathe', phases, seconds: 3600 })),
  };
}

/** The report's hostile read: `count` copies of a 100-character, 2-wildcard ilike on course descriptions. */
export function hostileFilters(count = 120): string {
  const pattern = `*${'a'.repeat(97)}b*`;
  return Array.from({ length: count }, () => `description=not.ilike.${pattern}`).join('&');
}

async function measureProgram(): Promise<void> {
  const { db, dispose } = await openDb(false);
  await migrate(db);
  const srv = await listen(db);
  try {
    const token = await signUp(srv.url, srv.secrets.anonKey);
    const body = JSON.stringify({ sourceProgramId: randomUUID(), program: hostileProgram() });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = performance.now();
    const r = await fetch(`${srv.url}/api/market/programs`, {
      method: 'POST',
      headers: {
        apikey: srv.secrets.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body,
    });
    const text = await r.text();
    const ms = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `program: body ${body.length} bytes; answered ${r.status} in ${Math.round(ms)} ms: ${text.slice(0, 160)}`,
    );
    console.log(
      `program: server RSS before ${mb(before)}, after ${mb(process.memoryUsage().rss)}, highest sampled ${mb(peak)} (samples every 20 ms; a blocked event loop samples only at its end)`,
    );
  } finally {
    await srv.stop();
    await dispose();
  }
}

async function measureFilters(): Promise<void> {
  const seconds = num('--seconds', 20);
  const postgres = flag('--postgres');
  const { db, dispose } = await openDb(postgres);
  await migrate(db);
  const teacher = randomUUID();
  await db.query(
    `insert into auth.users (id, email, encrypted_password) values ($1, 'teacher@example.test', 'x')`,
    [teacher],
  );
  await db.query(
    `insert into public.courses (id, instructor_id, title, description, level, days, status, published_at)
     select gen_random_uuid(), $1, 'Course ' || g, repeat('a', 2000), 'Beginner',
       (select jsonb_agg(jsonb_build_object('patterns', jsonb_build_array(jsonb_build_object('id', 'box', 'name', 'Box',
          'inhale', 4, 'hold', 4, 'exhale', 4, 'hold_after_exhale', 4)), 'note', '')) from generate_series(1, 3)),
       'published', now()
     from generate_series(1, 60) g`,
    [teacher],
  );
  // the attacker comes from another address than the members (X-Forwarded-For through a trusted
  // loopback proxy), as it would on a network
  const srv = await listen(db, { trustProxy: 'loopback' });
  const anon = srv.secrets.anonKey;
  try {
    const attacker = flag('--signed-in') ? await signUp(srv.url, anon) : anon;
    const reader = await signUp(srv.url, anon);
    const end = performance.now() + seconds * 1000;
    const attack = `${srv.url}/rest/v1/courses?select=id&${hostileFilters()}`;
    const attackAnswers: string[] = [];
    const attacking = (async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const r = await fetch(attack, {
          headers: {
            apikey: anon,
            authorization: `Bearer ${attacker}`,
            'x-forwarded-for': '198.51.100.7',
          },
        });
        const b = (await r.json().catch(() => ({}))) as { code?: string };
        attackAnswers.push(`${r.status}/${b.code ?? ''}/${Math.round(performance.now() - t0)}ms`);
      }
    })();
    const health: number[] = [];
    const probing = (async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await fetch(`${srv.url}/api/health`).then((r) => r.arrayBuffer());
        health.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    let reads = 0;
    let ok = 0;
    const reading = (async () => {
      while (performance.now() < end) {
        reads++;
        const r = await fetch(`${srv.url}/rest/v1/sessions?select=id&limit=10`, {
          headers: { apikey: anon, authorization: `Bearer ${reader}` },
        });
        await r.arrayBuffer();
        if (r.status === 200) ok++;
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    await Promise.all([attacking, probing, reading]);
    const counts = new Map<string, number>();
    for (const a of attackAnswers)
      counts.set(
        a.split('/').slice(0, 2).join('/'),
        (counts.get(a.split('/').slice(0, 2).join('/')) ?? 0) + 1,
      );
    console.log(
      `filters on ${postgres ? 'postgres' : 'pglite'}, attacker ${flag('--signed-in') ? 'signed in' : 'anon key'}, ${seconds} s:`,
    );
    console.log(
      `  attack requests: ${attackAnswers.length} (${[...counts].map(([k, v]) => `${v}x ${k}`).join(', ')})`,
    );
    console.log(
      `  health: ${health.length} answers, slowest ${Math.round(Math.max(...health))} ms`,
    );
    console.log(`  signed-in reads: ${ok} of ${reads} succeeded`);
  } finally {
    await srv.stop();
    await dispose();
  }
}

if (mode === 'program') await measureProgram();
else if (mode === 'filters') await measureFilters();
else
  console.error(
    'usage: measure-holds.ts filters [--seconds 20] [--postgres] [--signed-in] | program',
  );
