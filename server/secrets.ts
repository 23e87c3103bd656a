import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { signJwt, verifyJwt } from './auth/jwt';

export interface Secrets {
  /** HS256 secret for every JWT the server issues and accepts. */
  jwtSecret: string;
  /** Public JWT with role anon: what the app sends as `apikey`. */
  anonKey: string;
  /** Admin JWT with role service_role (bypasses RLS). Never give it to a client. */
  serviceRoleKey: string;
  /**
   * Web Push VAPID key pair (server/push): the public key as the browser's
   * applicationServerKey (an uncompressed P-256 point), the private key's 32 bytes, both
   * base64url. Without it the server offers no push reminders.
   */
  vapid?: VapidKeys;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A new VAPID key pair (P-256). */
export function makeVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, 'base64url'), Buffer.from(pub.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: priv.d! };
}

function vapidValid(k: Partial<VapidKeys> | undefined): k is VapidKeys {
  return (
    typeof k?.publicKey === 'string' &&
    typeof k.privateKey === 'string' &&
    Buffer.from(k.publicKey, 'base64url').length === 65 &&
    Buffer.from(k.privateKey, 'base64url').length === 32
  );
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

export async function makeKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  return signJwt({ role, iss: 'pneuma' }, secret, TEN_YEARS);
}

async function keyValid(token: string | undefined, secret: string, role: string): Promise<boolean> {
  if (typeof token !== 'string') return false;
  try {
    const claims = await verifyJwt(token, secret);
    return claims.role === role;
  } catch {
    return false;
  }
}

/**
 * JWT secret and keys: from env (PNEUMA_JWT_SECRET, PNEUMA_ANON_KEY), else from
 * DATA_DIR/secrets.json, else generated on first start and written there (mode 600).
 * A secret taken from env is never written to disk. The VAPID key pair of Web Push likewise
 * (PNEUMA_VAPID_PUBLIC_KEY and PNEUMA_VAPID_PRIVATE_KEY, else generated and kept).
 */
export async function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Secrets> {
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Cannot read ${file}: ${(e as Error).message}`, { cause: e });
  }
  const envSecret = env.PNEUMA_JWT_SECRET?.trim();
  if (envSecret !== undefined && envSecret.length > 0 && envSecret.length < 32) {
    throw new Error('PNEUMA_JWT_SECRET must be at least 32 characters long.');
  }
  const jwtSecret = envSecret || stored.jwtSecret || randomBytes(48).toString('base64url');
  let anonKey = env.PNEUMA_ANON_KEY?.trim();
  if (anonKey) {
    if (!(await keyValid(anonKey, jwtSecret, 'anon'))) {
      throw new Error('PNEUMA_ANON_KEY is not a JWT with role "anon" signed with the JWT secret.');
    }
  } else {
    anonKey = stored.anonKey && (await keyValid(stored.anonKey, jwtSecret, 'anon')) ? stored.anonKey : await makeKey(jwtSecret, 'anon');
  }
  const serviceRoleKey = stored.serviceRoleKey && (await keyValid(stored.serviceRoleKey, jwtSecret, 'service_role'))
    ? stored.serviceRoleKey
    : await makeKey(jwtSecret, 'service_role');
  const envVapid = { publicKey: env.PNEUMA_VAPID_PUBLIC_KEY?.trim(), privateKey: env.PNEUMA_VAPID_PRIVATE_KEY?.trim() };
  if ((envVapid.publicKey || envVapid.privateKey) && !vapidValid(envVapid)) {
    throw new Error('PNEUMA_VAPID_PUBLIC_KEY and PNEUMA_VAPID_PRIVATE_KEY must be set together: a P-256 public point (65 bytes) and private key (32 bytes), base64url.');
  }
  const fromEnv = vapidValid(envVapid);
  const vapid = fromEnv ? envVapid : vapidValid(stored.vapid) ? stored.vapid : makeVapidKeys();
  const toStore = {
    ...(envSecret ? {} : { jwtSecret }),
    ...(env.PNEUMA_ANON_KEY ? {} : { anonKey }),
    serviceRoleKey,
    ...(fromEnv ? {} : { vapid }),
  };
  if (JSON.stringify(toStore) !== JSON.stringify(stored)) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(toStore, null, 2) + '\n', { mode: 0o600 });
  }
  return { jwtSecret, anonKey, serviceRoleKey, vapid };
}
