import type { Context } from 'hono';
import { Hono } from 'hono';
import type { z } from 'zod';
import { apiError, jsonBody, validationFailed, asApiCaller } from '../api/respond';
import type { RequestAuth } from '../auth/request-caller';
import type { Db } from '../db/types';
import { requestOrigin } from '../http';
import { RestError } from '../rest/errors';
import { runAsApi } from '../rest/transaction';
import type { Secrets } from '../secrets';
import { WALLET_API, type LensSettingsAnswer, type LinkedWallet, type SiweMessageAnswer } from '../../src/contracts/wallet';
import { chainSchema, siweMessageSchema, siweVerifySchema } from '../../src/contracts/walletSchemas';
import { ERROR_TEXT } from '../../src/domain/errors/messages';
import { lensSettingsFromEnv, type LensSettings } from './lensSettings';
import { consumeNonce, issueNonce } from './nonces';
import { buildSiweMessage, checkSiwe, newNonce, SIWE_TTL_MS } from './siwe';

export interface WalletDeps {
  db: Db;
  secrets: Secrets;
  /** The clock (tests move it). */
  now?: () => Date;
  /** The Lens API the app uses when its build names none; from the environment by default. */
  lens?: LensSettings;
}


interface WalletRow {
  wallet_address: string | null;
  preferred_chain: string | null;
}

/**
 * Sign-In with Ethereum, mounted at /api (docs/product.md § Wallets and tokens):
 *   POST /wallet/siwe/message {address, chainId} -> {message, nonce, expiresAt}
 *   POST /wallet/siwe/verify {message, signature} -> {address, chainId}
 *   GET /wallet -> {address, chainId};  PUT /wallet/chain {chainId};  DELETE /wallet
 *   GET /wallet/lens -> {apiUrl, postUrl} (public: the Lens API this server names, or nulls)
 * Only a signed-in email account may link a wallet. The server writes the message (its own
 * domain and URI, a fresh single-use nonce, a 10-minute expiry) and verifies the signature;
 * the users row is written in the caller's own transaction under row-level security.
 */
export function walletRoutes(deps: WalletDeps): Hono {
  const app = new Hono();
  const now = deps.now ?? (() => new Date());
  const site = (c: Context) => ({ origin: requestOrigin(c) });
  const lens = deps.lens ?? lensSettingsFromEnv(process.env);

  app.on(WALLET_API.lens.method, WALLET_API.lens.path, (c) => c.json(lens satisfies LensSettingsAnswer, 200, { 'Cache-Control': 'no-cache' }));

  app.on(WALLET_API.message.method, WALLET_API.message.path, (c) =>
    withCaller(c, deps, async (_auth, userId) => {
      const body = await parsed(c, siweMessageSchema);
      if (body instanceof Response) return body;
      const at = now();
      const nonce = newNonce();
      await issueNonce(deps.db, userId, nonce, at);
      const message = buildSiweMessage(site(c), body.address, body.chainId, nonce, at);
      return c.json({
        message,
        nonce,
        expiresAt: new Date(at.getTime() + SIWE_TTL_MS).toISOString(),
      } satisfies SiweMessageAnswer);
    }),
  );

  app.on(WALLET_API.verify.method, WALLET_API.verify.path, (c) =>
    withCaller(c, deps, async (auth, userId) => {
      const body = await parsed(c, siweVerifySchema);
      if (body instanceof Response) return body;
      const at = now();
      const check = await checkSiwe(site(c), body.message, body.signature, at);
      if (!check.ok) return apiError(c, check.status, check.error, check.message);
      if (!(await consumeNonce(deps.db, userId, check.nonce, at))) {
        return apiError(
          c,
          401,
          'nonce_refused',
          'This sign-in request was already used, has expired or is not yours; start again',
        );
      }
      const row = await runAsApi(deps.db, auth, 'POST', async (tx) => {
        await tx.query(`select set_config('pneuma.siwe_address', $1, true)`, [check.address]);
        const r = await tx.query<WalletRow>(
          `insert into public.users (id, role, wallet_address, preferred_chain) values (auth.uid(), 'user', $1, $2)
           on conflict (id) do update set wallet_address = excluded.wallet_address, preferred_chain = excluded.preferred_chain
           returning wallet_address, preferred_chain`,
          [check.address, check.chainId],
        );
        return r.rows[0];
      });
      return c.json(walletJson(row));
    }),
  );

  app.on(WALLET_API.linked.method, WALLET_API.linked.path, (c) =>
    withCaller(c, deps, async (auth) => {
      const row = await runAsApi(deps.db, auth, 'GET', async (tx) => {
        const r = await tx.query<WalletRow>(
          'select wallet_address, preferred_chain from public.users where id = auth.uid()',
        );
        return r.rows[0];
      });
      return c.json(walletJson(row));
    }),
  );

  app.on(WALLET_API.chain.method, WALLET_API.chain.path, (c) =>
    withCaller(c, deps, async (auth) => {
      const body = await parsed(c, chainSchema);
      if (body instanceof Response) return body;
      const row = await runAsApi(deps.db, auth, 'PATCH', async (tx) => {
        const r = await tx.query<WalletRow>(
          'update public.users set preferred_chain = $1 where id = auth.uid() and wallet_address is not null returning wallet_address, preferred_chain',
          [body.chainId],
        );
        return r.rows[0];
      });
      if (!row) return apiError(c, 409, 'no_wallet', 'No wallet is linked to this account');
      return c.json(walletJson(row));
    }),
  );

  app.on(WALLET_API.unlink.method, WALLET_API.unlink.path, (c) =>
    withCaller(c, deps, async (auth) => {
      await runAsApi(deps.db, auth, 'PATCH', (tx) =>
        tx.query(
          'update public.users set wallet_address = null, preferred_chain = null where id = auth.uid()',
        ),
      );
      return c.json({ address: null, chainId: null } satisfies LinkedWallet);
    }),
  );

  return app;
}

function walletJson(row: WalletRow | undefined): LinkedWallet {
  return {
    address: row?.wallet_address ?? null,
    chainId: row?.wallet_address ? row.preferred_chain : null,
  };
}

/** The wallet needs a signed-in (email) user; a refused write is 403 or 400. */
const WALLET_USER = {
  guests: false,
  signIn: ERROR_TEXT.walletNeedsEmail,
  invalid: (why: string) => `${ERROR_TEXT.walletNeedsEmail} (${why})`,
} as const;

function walletRefusal(c: Context, e: unknown): Response {
  if (e instanceof RestError) return apiError(c, e.status === 403 ? 403 : 400, 'rejected', e.message);
  throw e;
}

const withCaller = (
  c: Context,
  deps: WalletDeps,
  fn: (auth: RequestAuth, userId: string) => Promise<Response>,
): Promise<Response> => asApiCaller(c, deps, WALLET_USER, ({ auth, userId }) => fn(auth, userId), walletRefusal);

async function parsed<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S> | Response> {
  const b = await jsonBody(c);
  if (b instanceof Response) return b;
  const r = schema.safeParse(b.value);
  return r.success ? r.data : validationFailed(c, r.error);
}
