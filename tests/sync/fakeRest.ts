/**
 * An in-process fake of the two endpoints the outbox talks to: PostgREST's
 * POST /rest/v1/sessions?on_conflict=id (with Prefer resolution=ignore-duplicates) and the
 * Supabase Auth refresh_token grant. It proves the client's side of the protocol (status
 * handling, headers, idempotency keys); the real server is covered by the integration test.
 */
export interface FakeRow {
  id: string;
  user_id: string;
  [k: string]: unknown;
}

export type Fault =
  | { kind: 'status'; status: number; body?: unknown }
  /** The request never reaches the server. */
  | { kind: 'drop' }
  /** The server applies the write, then the connection drops before the answer. */
  | { kind: 'drop_after_write' };

export interface FakeRestOptions {
  anonKey?: string;
  /** Decides a fault per REST request (before normal handling); undefined = serve normally. */
  fault?: (req: { n: number; rows: FakeRow[] }) => Fault | undefined;
  /** Rows the server refuses with 400 (e.g. a check constraint). */
  rejectRow?: (row: FakeRow) => string | undefined;
}

export class FakeRest {
  readonly rows = new Map<string, FakeRow>();
  /** Every REST insert request that reached the handler (after faults that drop). */
  readonly requests: { rows: FakeRow[]; prefer: string | null; url: string }[] = [];
  restCalls = 0;
  refreshCalls = 0;
  readonly anonKey: string;
  validTokens = new Set<string>();
  private refreshTokens = new Map<string, string>(); // refresh -> userId
  private users = new Map<string, string>(); // access -> userId
  private tokenSeq = 0;
  private writeCount = 0;

  constructor(private opts: FakeRestOptions = {}) {
    this.anonKey = opts.anonKey ?? 'anon-key';
  }

  setFault(fault: FakeRestOptions['fault']) {
    this.opts.fault = fault;
  }

  /** Issues a token pair for a user, as a sign-in would. */
  issue(userId: string): { accessToken: string; refreshToken: string } {
    this.tokenSeq += 1;
    const accessToken = `at-${userId}-${this.tokenSeq}`;
    const refreshToken = `rt-${userId}-${this.tokenSeq}`;
    this.validTokens.add(accessToken);
    this.users.set(accessToken, userId);
    this.refreshTokens.set(refreshToken, userId);
    return { accessToken, refreshToken };
  }

  /** Makes an access token expire (next use answers 401). */
  expire(accessToken: string) {
    this.validTokens.delete(accessToken);
  }

  expireAll() {
    this.validTokens.clear();
  }

  revokeRefreshTokens() {
    this.refreshTokens.clear();
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    if (headers.get('apikey') !== this.anonKey) return json(401, { message: 'Invalid API key' });
    const u = new URL(url);
    if (u.pathname === '/auth/v1/token') return this.token(u, init);
    if (u.pathname === '/rest/v1/sessions' && init?.method === 'POST') return this.insert(u, headers, init);
    return json(404, { message: `no route ${u.pathname}` });
  };

  private async token(u: URL, init?: RequestInit): Promise<Response> {
    this.refreshCalls += 1;
    if (u.searchParams.get('grant_type') !== 'refresh_token') return json(400, { error: 'unsupported' });
    const body = JSON.parse(String(init?.body ?? '{}')) as { refresh_token?: string };
    const userId = body.refresh_token ? this.refreshTokens.get(body.refresh_token) : undefined;
    if (!userId || !body.refresh_token) return json(400, { error: 'invalid_grant', error_description: 'Invalid Refresh Token' });
    this.refreshTokens.delete(body.refresh_token); // rotation: single use
    const t = this.issue(userId);
    return json(200, {
      access_token: t.accessToken,
      refresh_token: t.refreshToken,
      expires_in: 3600,
      token_type: 'bearer',
      user: { id: userId, email: `${userId}@example.test` },
    });
  }

  private async insert(u: URL, headers: Headers, init: RequestInit): Promise<Response> {
    this.restCalls += 1;
    const rows = JSON.parse(String(init.body)) as FakeRow[];
    const fault = this.opts.fault?.({ n: this.restCalls, rows });
    if (fault?.kind === 'drop') throw new TypeError('fetch failed');
    if (fault?.kind === 'status') return json(fault.status, fault.body ?? { message: `injected ${fault.status}` });
    const auth = headers.get('authorization') ?? '';
    const token = auth.replace(/^Bearer /, '');
    if (!this.validTokens.has(token)) return json(401, { message: 'JWT expired' });
    const userId = this.users.get(token);
    if (u.searchParams.get('on_conflict') !== 'id') return json(409, { message: 'duplicate key value violates unique constraint' });
    const keys = JSON.stringify(Object.keys(rows[0] ?? {}).sort());
    for (const r of rows) {
      if (JSON.stringify(Object.keys(r).sort()) !== keys) return json(400, { message: 'All object keys must match' });
      if (r.user_id !== userId) return json(403, { message: 'new row violates row-level security policy' });
      const bad = this.opts.rejectRow?.(r);
      if (bad) return json(400, { message: bad });
    }
    this.requests.push({ rows, prefer: headers.get('prefer'), url: u.href });
    const ignore = /resolution=ignore-duplicates/.test(headers.get('prefer') ?? '');
    for (const r of rows) {
      if (this.rows.has(r.id)) {
        if (!ignore) return json(409, { message: 'duplicate key value violates unique constraint' });
        continue;
      }
      this.rows.set(r.id, r);
      this.writeCount += 1;
    }
    if (fault?.kind === 'drop_after_write') throw new TypeError('network connection lost');
    return new Response(null, { status: 201 });
  }

  get writes() {
    return this.writeCount;
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
