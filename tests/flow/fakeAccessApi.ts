import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process fake of the Flow REST access API on 127.0.0.1 (no Flow emulator exists on
 * npm or Debian). It answers the endpoints FCL's HTTP transport calls: GET /v1/blocks,
 * GET /v1/accounts/{address}, POST /v1/scripts, POST /v1/transactions,
 * GET /v1/transaction_results/{id}, GET /v1/network/parameters; it records every request.
 * Script results and transaction results are scripted by the test.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface SentTransaction {
  id: string;
  cadence: string;
  arguments: unknown[];
  gasLimit: string;
  payer: string;
  proposalKey: { address: string; key_index: string; sequence_number: string };
  authorizers: string[];
  payloadSignatures: unknown[];
  envelopeSignatures: unknown[];
  referenceBlockId: string;
}

export interface ScriptCall {
  cadence: string;
  arguments: unknown[];
}

export interface FakeTxResult {
  status: 'Unknown' | 'Pending' | 'Finalized' | 'Executed' | 'Sealed' | 'Expired';
  error_message?: string;
  events?: { type: string; payload: unknown }[];
}

export interface FakeAccessApi {
  url: string;
  requests: RecordedRequest[];
  transactions: SentTransaction[];
  scripts: ScriptCall[];
  /** JSON-Cadence result of a script call. */
  onScript: (call: ScriptCall) => unknown;
  /** Result of POST /v1/transactions: an id, or an HTTP error to answer. */
  onSubmit: (
    tx: Omit<SentTransaction, 'id'>,
    index: number,
  ) => { id: string } | { status: number; message: string } | 'drop';
  /** Status answers for a transaction, read in order (the last one repeats). */
  results: Map<string, FakeTxResult[]>;
  /** While true, GET /v1/blocks?height=sealed answers 503 (the node cannot serve it). */
  sealedDown: boolean;
  /** Forgets recorded requests, scripted answers and counters. */
  reset(): void;
  close(): Promise<void>;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const unb64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

/** An error answer for a scripted call (e.g. 400 for a script the node refuses). */
export class HttpAnswer {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

export const BLOCK_ID = 'a'.repeat(64);
export const SEQUENCE_NUMBER = 7;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

export async function startFakeAccessApi(): Promise<FakeAccessApi> {
  let submitted = 0;
  const api: Omit<FakeAccessApi, 'url' | 'close'> = {
    requests: [],
    transactions: [],
    scripts: [],
    onScript: () => ({ type: 'Void' }),
    onSubmit: (_tx, i) => ({ id: (i + 1).toString(16).padStart(64, '0') }),
    results: new Map(),
    sealedDown: false,
    reset: () => undefined,
  };
  const reads = new Map<string, number>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = req.method === 'POST' ? await readBody(req) : null;
      api.requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const p = url.pathname;
      if (req.method === 'GET' && p === '/v1/blocks') {
        if (api.sealedDown && url.searchParams.get('height') === 'sealed')
          return json(503, { code: 503, message: 'service unavailable' });
        return json(200, [
          {
            header: {
              id: BLOCK_ID,
              parent_id: 'b'.repeat(64),
              height: '1000',
              timestamp: '2026-11-23T00:00:00Z',
              parent_voter_signature: '',
            },
            payload: { collection_guarantees: [], block_seals: [] },
            _expandable: { execution_result: '' },
          },
        ]);
      }
      if (req.method === 'GET' && p === '/v1/network/parameters')
        return json(200, { chain_id: 'flow-testnet' });
      const account = /^\/v1\/accounts\/([0-9a-fA-Fx]+)$/.exec(p);
      if (req.method === 'GET' && account) {
        return json(200, {
          address: account[1],
          balance: '100000000',
          keys: [
            {
              index: '0',
              public_key: 'c'.repeat(128),
              signing_algorithm: 'ECDSA_P256',
              hashing_algorithm: 'SHA3_256',
              sequence_number: String(SEQUENCE_NUMBER),
              weight: '1000',
              revoked: false,
            },
          ],
          contracts: {},
          _expandable: {},
        });
      }
      if (req.method === 'POST' && p === '/v1/scripts') {
        const b = body as { script: string; arguments: string[] };
        const call = {
          cadence: unb64(b.script),
          arguments: b.arguments.map((a) => JSON.parse(unb64(a)) as unknown),
        };
        api.scripts.push(call);
        const result = api.onScript(call);
        if (result instanceof HttpAnswer)
          return json(result.status, { code: result.status, message: result.message });
        return json(200, b64(JSON.stringify(result)));
      }
      if (req.method === 'POST' && p === '/v1/transactions') {
        const b = body as Record<string, unknown>;
        const tx = {
          cadence: unb64(b.script as string),
          arguments: (b.arguments as string[]).map((a) => JSON.parse(unb64(a)) as unknown),
          gasLimit: b.gas_limit as string,
          payer: b.payer as string,
          proposalKey: b.proposal_key as SentTransaction['proposalKey'],
          authorizers: b.authorizers as string[],
          payloadSignatures: b.payload_signatures as unknown[],
          envelopeSignatures: b.envelope_signatures as unknown[],
          referenceBlockId: b.reference_block_id as string,
        };
        const answer = api.onSubmit(tx, submitted++);
        if (answer === 'drop') {
          req.socket.destroy();
          return;
        }
        if ('status' in answer)
          return json(answer.status, { code: answer.status, message: answer.message });
        api.transactions.push({ id: answer.id, ...tx });
        return json(200, { id: answer.id });
      }
      const result = /^\/v1\/transaction_results\/([0-9a-f]{64})$/.exec(p);
      if (req.method === 'GET' && result?.[1]) {
        const list = api.results.get(result[1]) ?? [{ status: 'Sealed' }];
        const n = reads.get(result[1]) ?? 0;
        reads.set(result[1], n + 1);
        const r = list[Math.min(n, list.length - 1)] ?? { status: 'Sealed' };
        return json(200, {
          block_id: BLOCK_ID,
          status: r.status,
          status_code: r.error_message ? 1 : 0,
          error_message: r.error_message ?? '',
          computation_used: '42',
          events: (r.events ?? []).map((e, i) => ({
            type: e.type,
            transaction_id: result[1],
            transaction_index: '0',
            event_index: String(i),
            payload: b64(JSON.stringify(e.payload)),
          })),
        });
      }
      return json(404, { code: 404, message: `fake access API: no ${req.method} ${p}` });
    })().catch((e: unknown) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(api as FakeAccessApi, {
    url: `http://127.0.0.1:${port}`,
    reset: () => {
      submitted = 0;
      reads.clear();
      api.requests.length = 0;
      api.transactions.length = 0;
      api.scripts.length = 0;
      api.results.clear();
      api.sealedDown = false;
      api.onScript = () => ({ type: 'Void' });
      api.onSubmit = (_tx, i) => ({ id: (i + 1).toString(16).padStart(64, '0') });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** JSON-Cadence helpers for scripted answers. */
export const cdc = {
  bool: (value: boolean) => ({ type: 'Bool', value }),
  uint64: (value: string) => ({ type: 'UInt64', value }),
  int: (value: string) => ({ type: 'Int', value }),
  ufix: (value: string) => ({ type: 'UFix64', value }),
  str: (value: string) => ({ type: 'String', value }),
  address: (value: string) => ({ type: 'Address', value }),
  array: (value: unknown[]) => ({ type: 'Array', value }),
  optional: (value: unknown) => ({ type: 'Optional', value }),
  struct: (id: string, fields: Record<string, unknown>) => ({
    type: 'Struct',
    value: { id, fields: Object.entries(fields).map(([name, value]) => ({ name, value })) },
  }),
  event: (id: string, fields: Record<string, unknown>) => ({
    type: 'Event',
    value: { id, fields: Object.entries(fields).map(([name, value]) => ({ name, value })) },
  }),
};
