/**
 * `npx tsx bench/pull-bench.ts`: a fresh device of a user who already has 1,000 sessions
 * and 50 custom patterns on the server signs in and pulls them all into IndexedDB.
 *
 * Node: the embedded backend (Hono + PGlite with the real migrations and RLS, HTTP on
 * 127.0.0.1) and the same sync run the page makes after a sign-in (upload, then pull;
 * src/sync) into Dexie on fake-indexeddb, on a fresh database each trial. Timed: the whole
 * run until every row is stored and the cursors are saved.
 *
 * Chromium (skipped with --node-only): `npm start` (the built app and the embedded
 * backend); a fresh browser context gets the user's session, as a sign-in leaves it, and
 * the app starts: timed from that start until the device's IndexedDB holds all 1,050 rows.
 *
 * Target: under 2 s. Writes bench-results/pull.json.
 */
import 'fake-indexeddb/auto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { fromSupabaseSession, saveRefreshedAuthSession } from '../src/data/authSessionRepo';
import { PneumaDatabase, type CustomPatternRecord } from '../src/data/db';
import { runOutbox } from '../src/sync/outbox';
import { PULL_PAGE_SIZE } from '../src/sync/pull/pullChanges';
import { toPatternRow } from '../src/sync/rows/patternRow';
import { toSessionRow } from '../src/sync/rows/sessionRow';
import { makeSession } from '../tests/sync/helpers';
import { signUp, startRealServer, supabase } from '../tests/sync/realServer';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { signInPage, signUpUser, startBuiltApp } from './builtApp';
import { benchContext } from './pageContext';

const SESSIONS = 1000;
const PATTERNS = 50;
const TRIALS = 3;
const TARGET_MS = 2000;
const PORT = 18862;
const BROWSER_PORT = 18863;

/** A finished session of the user, hours apart, as their other device uploaded it. */
const session = (userId: string, i: number) =>
  makeSession(
    { userId, rhythmConsistency: 90, restlessnessScore: i % 100, stillnessScore: 100 - (i % 100) },
    i * 60,
  );

function pattern(userId: string, i: number): CustomPatternRecord {
  const at = new Date(Date.UTC(2026, 8, 1) + i * 60_000).toISOString();
  return {
    id: crypto.randomUUID(),
    userId,
    name: `Pattern ${i + 1}`,
    description: 'Made on another device',
    inhale: 3 + (i % 4),
    hold: i % 3,
    exhale: 4 + (i % 5),
    hold_after_exhale: i % 2,
    category: 'stress',
    difficulty: 'Beginner',
    benefits: ['calm'],
    createdAt: at,
    updatedAt: at,
    deleted: false,
    syncState: 'pending',
  };
}

/** Puts the user's rows on the server through the REST API (what their other device uploaded). */
async function seedServer(
  base: string,
  anonKey: string,
  token: string,
  userId: string,
): Promise<void> {
  const post = async (table: string, rows: object[]) => {
    const res = await fetch(`${base}/rest/v1/${table}?on_conflict=id`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'resolution=ignore-duplicates,return=minimal',
      },
      body: JSON.stringify(rows),
    });
    if (!res.ok) throw new Error(`seeding ${table}: ${res.status} ${await res.text()}`);
  };
  const sessions = Array.from({ length: SESSIONS }, (_, i) =>
    toSessionRow(session(userId, i), userId),
  );
  for (let i = 0; i < sessions.length; i += 250) await post('sessions', sessions.slice(i, i + 250));
  await post(
    'patterns',
    Array.from({ length: PATTERNS }, (_, i) => toPatternRow(pattern(userId, i), userId)),
  );
}

interface NodeTrial {
  ms: number;
  sessions: number;
  patterns: number;
  status: string;
}

async function nodeTrials(): Promise<NodeTrial[]> {
  const srv = await startRealServer(PORT);
  const trials: NodeTrial[] = [];
  try {
    const s = await signUp(supabase(srv.url, srv.anonKey), 'pullbench');
    await seedServer(srv.url, srv.anonKey, s.access_token, s.user.id);
    for (let t = 0; t < TRIALS; t++) {
      const db = new PneumaDatabase(`pull-bench-${t}-${Date.now()}`);
      await saveRefreshedAuthSession(fromSupabaseSession(s), 'page', db);
      const t0 = performance.now();
      const r = await runOutbox(
        { supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey },
        { db, pull: true },
      );
      const ms = Math.round(performance.now() - t0);
      const trial = {
        ms,
        sessions: await db.sessions.where('userId').equals(s.user.id).count(),
        patterns: await db.patterns.where('userId').equals(s.user.id).count(),
        status: r.pull?.status ?? 'no pull',
      };
      trials.push(trial);
      console.log(
        `trial ${t + 1}: ${trial.sessions} sessions + ${trial.patterns} patterns pulled in ${ms} ms (${trial.status})`,
      );
      db.close();
      await db.delete();
    }
  } finally {
    await srv.stop();
  }
  return trials;
}

interface BrowserTrial {
  ms: number;
  rows: number;
  via: string;
}

/** A fresh Chromium profile signs in; timed until its IndexedDB holds every row. */
async function browserTrial(): Promise<BrowserTrial> {
  const app = await startBuiltApp(BROWSER_PORT, 'pull-bench');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const s = await signUpUser(app, 'pullbench');
    await seedServer(app.base, app.anonKey, s.access_token, s.user.id);
    const page = await (await benchContext(browser)).newPage();
    await page.goto(`${app.base}/`);
    await page.getByTestId('sync-badge').waitFor();
    await signInPage(page, s);
    const localRows = () =>
      page
        .evaluate(
          () =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('pneuma');
              open.onerror = () => resolve(-1);
              open.onsuccess = () => {
                const tx = open.result.transaction(['sessions', 'patterns']);
                let n = 0;
                const s = tx.objectStore('sessions').count();
                const p = tx.objectStore('patterns').count();
                s.onsuccess = () => (n += s.result);
                p.onsuccess = () => (n += p.result);
                tx.oncomplete = () => {
                  open.result.close();
                  resolve(n);
                };
              };
            }),
        )
        .catch(() => -1);
    const t0 = performance.now();
    await page.reload();
    let rows = 0;
    while (performance.now() - t0 < 60_000) {
      rows = await localRows();
      if (rows >= SESSIONS + PATTERNS) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = Math.round(performance.now() - t0);
    console.log(`Chromium: ${rows} rows in IndexedDB ${ms} ms after the app started signed in`);
    return {
      ms,
      rows,
      via: 'Chromium, npm start (built app + embedded backend), app start -> upload -> pull',
    };
  } finally {
    await browser.close();
    app.stop();
  }
}

async function main() {
  const trials = await nodeTrials();
  const browser = process.argv.includes('--node-only') ? null : await browserTrial();
  const sorted = trials.map((x) => x.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const complete =
    trials.every(
      (x) => x.sessions === SESSIONS && x.patterns === PATTERNS && x.status === 'done',
    ) &&
    (browser === null || browser.rows === SESSIONS + PATTERNS);
  const result = {
    benchmark: 'a fresh device signing in pulls 1,000 sessions and 50 patterns into IndexedDB',
    sessions: SESSIONS,
    patterns: PATTERNS,
    pageSize: PULL_PAGE_SIZE,
    backend: 'Hono + PGlite (in-process, real migrations and RLS), HTTP on 127.0.0.1',
    client: 'src/sync (runOutbox with pull) with Dexie on fake-indexeddb (Node)',
    trials,
    medianMs: median,
    browser,
    targetMs: TARGET_MS,
    pass: complete && median < TARGET_MS && (browser === null || browser.ms < TARGET_MS),
    machine: {
      cpus: os.cpus().length,
      load: os.loadavg().map((x) => Math.round(x * 10) / 10),
      node: process.version,
    },
    at: new Date().toISOString(),
  };
  await mkdir('bench-results', { recursive: true });
  await writeFile('bench-results/pull.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `Node median ${median} ms${browser ? `, Chromium ${browser.ms} ms` : ''} (target < ${TARGET_MS} ms): ${result.pass ? 'PASS' : 'FAIL'}`,
  );
  process.exit(result.pass ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
