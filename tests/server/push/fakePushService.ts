import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service for tests, written from RFC 8291 (Message Encryption for Web Push),
 * RFC 8188 (aes128gcm) and RFC 8292 (VAPID) with node:crypto only: it shares no code with
 * the web-push package the server sends with. It plays the browser's side (its own P-256
 * key pair and auth secret), decrypts what arrives, and checks the VAPID JWT. Endpoints
 * answer 201, or the status set for them (410 = the subscription is gone).
 */

export interface BrowserKeys {
  privateKey: Buffer;
  /** Uncompressed P-256 point (65 bytes). */
  publicKey: Buffer;
  auth: Buffer;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    privateKey: ecdh.getPrivateKey(),
    publicKey: ecdh.getPublicKey(),
    auth: randomBytes(16),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188 §2: decrypts one aes128gcm push message body (a single record). */
export function decryptAes128gcm(
  body: Buffer,
  ua: Pick<BrowserKeys, 'privateKey' | 'publicKey' | 'auth'>,
): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65)
    throw new Error(`keyid must be the sender's 65-byte public key, got ${idlen} bytes`);
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error('more than one record: a push message has one');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(ua.privateKey);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(ua.auth, ecdhSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    ua.publicKey,
    asPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Error('missing the last-record delimiter (0x02)');
  return padded.subarray(0, end);
}

export interface VapidCheck {
  claims: { aud: string; exp: number; sub: string };
  /** The application server's public key (base64url), from `k=`. */
  publicKey: string;
}

/** RFC 8292: the `Authorization: vapid t=<jwt>, k=<key>` header, its ES256 signature and claims. */
export function checkVapid(
  header: string | undefined,
  endpoint: string,
  nowSec: number,
): VapidCheck {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`Authorization is not a vapid header: ${header}`);
  const [h, p, s] = m[1]!.split('.');
  const point = Buffer.from(m[2]!, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw new Error('k is not an uncompressed P-256 point');
  const head = JSON.parse(Buffer.from(h!, 'base64url').toString()) as {
    alg?: string;
    typ?: string;
  };
  if (head.alg !== 'ES256') throw new Error(`JWT alg ${head.alg}, not ES256`);
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s!, 'base64url'),
  );
  if (!ok) throw new Error('VAPID JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as VapidCheck['claims'];
  if (claims.aud !== new URL(endpoint).origin)
    throw new Error(`aud ${claims.aud} is not the push service origin`);
  if (!(claims.exp > nowSec && claims.exp <= nowSec + 24 * 3600))
    throw new Error(`exp ${claims.exp} not within 24 h`);
  if (!/^(mailto:|https:)/.test(claims.sub))
    throw new Error(`sub ${claims.sub} is not mailto: or https:`);
  return { claims, publicKey: m[2]! };
}

export interface Received {
  /** When it arrived (Date.now()). */
  at: number;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export class FakePushService {
  readonly received: Received[] = [];
  private readonly statuses = new Map<string, number>();
  private server: Server | null = null;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({
          at: Date.now(),
          path,
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        res.statusCode = req.method === 'POST' ? (this.statuses.get(path) ?? 201) : 405;
        res.end();
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The endpoint at `path` answers `status` from now on. */
  answer(path: string, status: number): void {
    this.statuses.set(path, status);
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
