import { randomUUID } from 'node:crypto';
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { signJwt } from '../../../server/auth/jwt';
import { createPneumaServer } from '../../../server/app';
import type { Db } from '../../../server/db/types';
import { buildSiweMessage } from '../../../server/wallet/siwe';
import { email, testSecrets, useTestDb, type Backend } from '../helpers';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Sign-In with Ethereum on the real server app (in-process requests, no port) and a real
 * database: real ECDSA signatures by ethers wallets, the nonce table and the users row
 * under row-level security. Refusals: a forged signature, a replayed nonce, a message for
 * another domain, an expired request, another user's nonce, and a direct /rest/v1 write of
 * an unproven address.
 */
export function walletSuite(kind: Backend): void {
  describe(`Sign-In with Ethereum on ${kind}`, () => {
    let db: Db;
    let app: ReturnType<typeof createPneumaServer>['app'];
    let anon: string;
    let jwtSecret: string;
    const ORIGIN = 'http://pneuma.test';

    useTestDb(kind, async (opened) => {
      db = opened;
      const secrets = await testSecrets();
      anon = secrets.anonKey;
      jwtSecret = secrets.jwtSecret;
      app = createPneumaServer({ db, secrets, distDir: null, publicUrl: ORIGIN }).app;
    });

    async function call(
      method: string,
      path: string,
      token?: string,
      body?: unknown,
    ): Promise<Answer> {
      const headers: Record<string, string> = { apikey: anon, 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await app.request(`${ORIGIN}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
    }

    async function member(): Promise<{ id: string; token: string }> {
      const id = randomUUID();
      const addr = email('wallet');
      const session = randomUUID();
      await db.query(
        `insert into auth.users (id, email, encrypted_password) values ($1, $2, 'x')`,
        [id, addr],
      );
      await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [session, id]);
      const token = await signJwt(
        { sub: id, role: 'authenticated', aud: 'authenticated', email: addr, session_id: session },
        jwtSecret,
        3600,
      );
      return { id, token };
    }

    async function ask(token: string, wallet: { address: string }, chainId = '0x89') {
      const r = await call('POST', '/api/wallet/siwe/message', token, {
        address: wallet.address,
        chainId,
      });
      expect(r.status).toBe(200);
      return r.body as { message: string; nonce: string };
    }

    it('links the signed address and chain to the caller, readable back', async () => {
      const me = await member();
      const wallet = Wallet.createRandom();
      const { message, nonce } = await ask(me.token, wallet);
      expect(message).toContain('pneuma.test wants you to sign in with your Ethereum account:');
      expect(message).toContain(`URI: ${ORIGIN}`);
      expect(message).toContain(`Nonce: ${nonce}`);
      expect(message).toContain('Chain ID: 137');
      expect(message).toMatch(/Expiration Time: /);
      const ok = await call('POST', '/api/wallet/siwe/verify', me.token, {
        message,
        signature: await wallet.signMessage(message),
      });
      expect(ok).toEqual({ status: 200, body: { address: wallet.address, chainId: '0x89' } });
      expect((await call('GET', '/api/wallet', me.token)).body).toEqual({
        address: wallet.address,
        chainId: '0x89',
      });
      expect((await call('PUT', '/api/wallet/chain', me.token, { chainId: 42161 })).body).toEqual({
        address: wallet.address,
        chainId: '0xa4b1',
      });
      const r = await db.query(
        'select wallet_address, preferred_chain from public.users where id = $1',
        [me.id],
      );
      expect(r.rows[0]).toEqual({ wallet_address: wallet.address, preferred_chain: '0xa4b1' });
      expect((await call('DELETE', '/api/wallet', me.token)).body).toEqual({
        address: null,
        chainId: null,
      });
      expect((await call('GET', '/api/wallet', me.token)).body).toEqual({
        address: null,
        chainId: null,
      });
    });

    it('refuses a forged signature (signed by another key) and keeps the nonce unspent', async () => {
      const me = await member();
      const wallet = Wallet.createRandom();
      const { message } = await ask(me.token, wallet);
      const forged = await Wallet.createRandom().signMessage(message);
      const r = await call('POST', '/api/wallet/siwe/verify', me.token, {
        message,
        signature: forged,
      });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('invalid_signature');
      expect((await call('GET', '/api/wallet', me.token)).body.address).toBeNull();
      // the genuine signature still works afterwards
      const ok = await call('POST', '/api/wallet/siwe/verify', me.token, {
        message,
        signature: await wallet.signMessage(message),
      });
      expect(ok.status).toBe(200);
    });

    it('refuses a replayed nonce', async () => {
      const me = await member();
      const wallet = Wallet.createRandom();
      const { message } = await ask(me.token, wallet);
      const signature = await wallet.signMessage(message);
      expect(
        (await call('POST', '/api/wallet/siwe/verify', me.token, { message, signature })).status,
      ).toBe(200);
      const again = await call('POST', '/api/wallet/siwe/verify', me.token, { message, signature });
      expect(again.status).toBe(401);
      expect(again.body.error).toBe('nonce_refused');
    });

    it("refuses another user's nonce and a nonce the server never issued", async () => {
      const alice = await member();
      const mallory = await member();
      const wallet = Wallet.createRandom();
      const { message } = await ask(alice.token, wallet);
      const signature = await wallet.signMessage(message);
      const r = await call('POST', '/api/wallet/siwe/verify', mallory.token, {
        message,
        signature,
      });
      expect(r).toMatchObject({ status: 401, body: { error: 'nonce_refused' } });
      const own = buildSiweMessage(
        { origin: ORIGIN },
        wallet.address,
        '0x1',
        'madeUpNonce123',
        new Date(),
      );
      const r2 = await call('POST', '/api/wallet/siwe/verify', mallory.token, {
        message: own,
        signature: await wallet.signMessage(own),
      });
      expect(r2).toMatchObject({ status: 401, body: { error: 'nonce_refused' } });
    });

    it('refuses a message for another domain or URI, even with a valid nonce and signature', async () => {
      const me = await member();
      const wallet = Wallet.createRandom();
      const { nonce } = await ask(me.token, wallet);
      for (const origin of ['http://evil.test', 'https://pneuma.test', 'http://pneuma.test:8080']) {
        const message = buildSiweMessage({ origin }, wallet.address, '0x1', nonce, new Date());
        const r = await call('POST', '/api/wallet/siwe/verify', me.token, {
          message,
          signature: await wallet.signMessage(message),
        });
        expect(r.status, origin).toBe(401);
        expect(r.body.error, origin).toBe('wrong_domain');
      }
      expect((await call('GET', '/api/wallet', me.token)).body.address).toBeNull();
    });

    it('refuses an expired request, an unsupported chain, a non-SIWE text, and guests', async () => {
      const me = await member();
      const wallet = Wallet.createRandom();
      const { nonce } = await ask(me.token, wallet);
      const old = buildSiweMessage(
        { origin: ORIGIN },
        wallet.address,
        '0x1',
        nonce,
        new Date(Date.now() - 11 * 60 * 1000),
      );
      const r = await call('POST', '/api/wallet/siwe/verify', me.token, {
        message: old,
        signature: await wallet.signMessage(old),
      });
      expect(r).toMatchObject({ status: 401, body: { error: 'expired' } });
      const bad = await call('POST', '/api/wallet/siwe/message', me.token, {
        address: wallet.address,
        chainId: '0x2105',
      });
      expect(bad).toMatchObject({ status: 400, body: { field: 'chainId' } });
      const junk = await call('POST', '/api/wallet/siwe/verify', me.token, {
        message: 'hello',
        signature: `0x${'1'.repeat(130)}`,
      });
      expect(junk).toMatchObject({ status: 400, body: { error: 'invalid_message' } });
      const guest = await call('POST', '/api/wallet/siwe/message', undefined, {
        address: wallet.address,
        chainId: '0x1',
      });
      expect(guest.status).toBe(401);
      expect(guest.body.message).toBe('Please sign up with email first, then connect your wallet');
    });

    it('/rest/v1 cannot claim an address without the signature, nor write another user', async () => {
      const me = await member();
      const other = await member();
      const headers = (t: string) => ({
        apikey: anon,
        authorization: `Bearer ${t}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
      });
      const ins = await app.request(`${ORIGIN}/rest/v1/users`, {
        method: 'POST',
        headers: headers(me.token),
        body: JSON.stringify({ id: me.id, role: 'user' }),
      });
      expect(ins.status).toBe(201);
      const claim = await app.request(`${ORIGIN}/rest/v1/users?id=eq.${me.id}`, {
        method: 'PATCH',
        headers: headers(me.token),
        body: JSON.stringify({ wallet_address: Wallet.createRandom().address }),
      });
      expect(claim.status).toBe(403);
      const chain = await app.request(`${ORIGIN}/rest/v1/users?id=eq.${me.id}`, {
        method: 'PATCH',
        headers: headers(me.token),
        body: JSON.stringify({ preferred_chain: '0x89' }),
      });
      expect(chain.status).toBe(200);
      // a linked wallet, then another user's attempt to overwrite it through /rest/v1
      const wallet = Wallet.createRandom();
      const { message } = await ask(me.token, wallet);
      expect(
        (
          await call('POST', '/api/wallet/siwe/verify', me.token, {
            message,
            signature: await wallet.signMessage(message),
          })
        ).status,
      ).toBe(200);
      const theirs = await app.request(`${ORIGIN}/rest/v1/users?id=eq.${me.id}`, {
        method: 'PATCH',
        headers: headers(other.token),
        body: JSON.stringify({ wallet_address: null }),
      });
      expect(await theirs.json()).toEqual([]);
      expect((await call('GET', '/api/wallet', me.token)).body.address).toBe(wallet.address);
    });
  });
}
