import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { clientIp, publicOrigin } from '../http';
import type { AuthDeps } from './options';

/**
 * A confirmed device (docs/product.md § Security, Lockout): a browser in which the account has
 * signed in holds an HttpOnly cookie, signed with the server's secret, naming the account and
 * a random device id. Sign-in and account-mail limits count such a device on its own, so a
 * stranger using up an account's limits from elsewhere (or from the same address) never
 * blocks its owner's own device.
 */
export const DEVICE_COOKIE = 'pneuma_device';
const DEVICE_MAX_AGE_S = 365 * 24 * 3600;

const mac = (secret: string, userId: string, id: string) =>
  createHmac('sha256', secret).update(`pneuma-device:${userId}:${id}`).digest('base64url');

/** The device id when the request carries this account's device cookie, else null. */
export function deviceOf(c: Context, deps: AuthDeps, userId: string): string | null {
  const value = getCookie(c, DEVICE_COOKIE);
  const m = value ? /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{16,32})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!m || m[1] !== userId) return null;
  const want = Buffer.from(mac(deps.secrets.jwtSecret, userId, m[2]!));
  const got = Buffer.from(m[3]!);
  return want.length === got.length && timingSafeEqual(want, got) ? m[2]! : null;
}

/** Marks this browser as a device of the (confirmed) account, keeping an id it already has. */
export function rememberDevice(c: Context, deps: AuthDeps, userId: string): void {
  if (deviceOf(c, deps, userId)) return;
  const id = randomBytes(16).toString('base64url');
  setCookie(c, DEVICE_COOKIE, `${userId}.${id}.${mac(deps.secrets.jwtSecret, userId, id)}`, {
    path: '/auth/v1',
    httpOnly: true,
    sameSite: 'Strict',
    secure: publicOrigin(c).startsWith('https:'),
    maxAge: DEVICE_MAX_AGE_S,
  });
}

/**
 * The key an account's per-client limit counts under: the account's own device, or the pair
 * of the account and the client's address (never the account alone, which anyone could use up).
 */
export function accountClientKey(c: Context, deps: AuthDeps, email: string, userId: string | null): string {
  const device = userId ? deviceOf(c, deps, userId) : null;
  return device ? `${deviceKeyPrefix(userId!)}${device}` : `${emailKeyPrefix(email)}ip:${clientIp(c, deps.trust)}`;
}

/**
 * The key a client's sign-ins count under whatever the account: the account's own device when
 * the request holds its cookie (a stranger on the same network cannot lock the owner's device
 * out), else the client address (an IPv6 client by its /64: http.ts clientIp).
 */
export function signinClientKey(c: Context, deps: AuthDeps, userId: string | null): string {
  const device = userId ? deviceOf(c, deps, userId) : null;
  return device ? `${deviceKeyPrefix(userId!)}${device}` : `ip:${clientIp(c, deps.trust)}`;
}

/** How accountClientKey's keys begin for one device of the account, and for one email address. */
export const deviceKeyPrefix = (userId: string) => `device:${userId}:`;
export const emailKeyPrefix = (email: string) => `email:${email}|`;
