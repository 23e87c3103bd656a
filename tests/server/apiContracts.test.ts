/**
 * Every endpoint of the app's own API is written once, in a contract of src/contracts (an
 * `endpoint(method, path)` of some `*_API` object), and the real server serves exactly those:
 * - the route table of the real app (createPneumaServer on PGlite with the project's
 *   migrations; Hono's `app.routes`) has no method + path under /api that no contract names
 *   (a route added without a contract fails here), and no contract endpoint it does not
 *   register with the same method (a contract path nobody serves fails here);
 * - each contract endpoint, requested with its method (a UUID for each `:name`), is answered
 *   by its own handler, not by the server's "No endpoint" / "No API endpoint" 404;
 * - no two contract entries name the same method + path, and no file outside src/contracts
 *   makes an endpoint (imports `endpoint` from src/contracts/endpoint.ts).
 *
 * Not proved here: that the request and response shapes of a handler are the contract's
 * (the routes parse their bodies with the contracts' schemas and the tests of each concept
 * under tests/server check the answers); that the app calls each endpoint with the right
 * parameters (apiCall throws on a missing one at run time, the e2e journeys exercise them);
 * routes outside /api (/auth/v1, /rest/v1, /config.json, /health) have no contract.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPneumaServer, type PneumaServer } from '../../server/app';
import { API_PREFIX, apiPath, type Endpoint } from '../../src/contracts/endpoint';
import { sourceFiles } from '../lint/sourceFiles';
import { openTestDb, testSecrets } from './helpers';

const CONTRACTS = join(process.cwd(), 'src/contracts');

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Endpoint).method === 'string' &&
  typeof (v as Endpoint).path === 'string';

/** Every endpoint exported by a module of src/contracts, with where it is written. */
async function contractEndpoints(): Promise<{ key: string; where: string }[]> {
  const out: { key: string; where: string }[] = [];
  for (const file of readdirSync(CONTRACTS).filter((f) => f.endsWith('.ts')).sort()) {
    const mod = (await import(join(CONTRACTS, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (isEndpoint(value)) out.push({ key: `${value.method} ${API_PREFIX}${value.path}`, where: `${file} ${name}` });
      else if (typeof value === 'object' && value !== null)
        for (const [field, ep] of Object.entries(value))
          if (isEndpoint(ep)) out.push({ key: `${ep.method} ${API_PREFIX}${ep.path}`, where: `${file} ${name}.${field}` });
    }
  }
  return out;
}

/** What the server serves under /api: method + path of each handler (middleware and fallbacks aside). */
function servedRoutes(server: PneumaServer): { served: Set<string>; allMethods: Set<string> } {
  const served = new Set<string>();
  const allMethods = new Set<string>();
  for (const r of server.app.routes) {
    if (r.path !== API_PREFIX && !r.path.startsWith(`${API_PREFIX}/`)) continue;
    // Middleware (`/api/*`, `/api/social/*`) and the JSON 404 fallbacks (`/api/*`, `/api`).
    if (r.method === 'ALL' && (r.path.endsWith('*') || r.path === API_PREFIX)) continue;
    if (r.method === 'ALL') allMethods.add(r.path); // e.g. the coach's 405 "Use POST" answers
    else served.add(`${r.method} ${r.path}`);
  }
  return { served, allMethods };
}

describe('the /api routes of the real server and the contracts', () => {
  let server: PneumaServer;
  let dispose: () => Promise<void>;
  let endpoints: { key: string; where: string }[];
  let anonKey: string;

  beforeAll(async () => {
    const opened = await openTestDb('pglite');
    dispose = opened.dispose;
    const secrets = await testSecrets();
    anonKey = secrets.anonKey;
    server = createPneumaServer({ db: opened.db, secrets, distDir: null, push: { tickMs: 0 } });
    endpoints = await contractEndpoints();
  }, 120_000);
  afterAll(async () => {
    await server?.limits.close().catch(() => undefined);
    await dispose?.();
  });

  it('finds the contracts (a sanity check of the reading above)', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    expect(endpoints.map((e) => e.key)).toContain('DELETE /api/account');
  });

  it('names every method + path the server registers under /api in a contract', () => {
    const named = new Set(endpoints.map((e) => e.key));
    const namedPaths = new Set(endpoints.map((e) => e.key.slice(e.key.indexOf(' ') + 1)));
    const { served, allMethods } = servedRoutes(server);
    expect([...served].filter((k) => !named.has(k)).sort()).toEqual([]);
    expect([...allMethods].filter((p) => !namedPaths.has(p)).sort()).toEqual([]);
  });

  it('registers every contract endpoint with its method', () => {
    const { served } = servedRoutes(server);
    expect(endpoints.filter((e) => !served.has(e.key)).map((e) => `${e.key} (${e.where})`)).toEqual([]);
  });

  it('answers every contract endpoint from its handler, not the 404 for unknown endpoints', async () => {
    const unanswered: string[] = [];
    for (const { key } of endpoints) {
      const [method, path] = key.split(' ') as [string, string];
      const url = `http://127.0.0.1:8787${apiPath(path, new Proxy({}, { get: () => '00000000-0000-4000-8000-000000000000' }))}`;
      const res = await server.app.request(url, {
        method,
        headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
      });
      const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
      if (res.status === 404 && typeof body?.message === 'string' && /^No (API )?endpoint /.test(body.message))
        unanswered.push(`${key}: ${body.message}`);
    }
    expect(unanswered).toEqual([]);
  });

  it('writes each endpoint once, in src/contracts only', () => {
    const seen = new Map<string, string[]>();
    for (const e of endpoints) seen.set(e.key, [...(seen.get(e.key) ?? []), e.where]);
    expect([...seen].filter(([, where]) => where.length > 1)).toEqual([]);
    const makers = sourceFiles(['src', 'sw', 'server'])
      .filter((f) => !f.startsWith('src/contracts/'))
      .filter((f) => /import\s*\{[^}]*\bendpoint\b[^}]*\}\s*from\s*'[./]*(src\/)?contracts\/endpoint'/.test(readFileSync(f, 'utf8')));
    expect(makers).toEqual([]);
  });
});
