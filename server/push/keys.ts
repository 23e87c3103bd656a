import { createECDH } from 'node:crypto';

/**
 * A browser subscription's keys as RFC 8291 defines them, checked when the subscription is
 * stored (so a key web-push cannot encrypt to never reaches the scheduler): `p256dh` is an
 * uncompressed P-256 point (65 bytes, 0x04 first) that lies on the curve, `auth` is a 16-byte
 * secret, both base64url (padding allowed). Answers the field and the rule, or null.
 */
export function subscriptionKeysProblem(keys: {
  p256dh: string;
  auth: string;
}): { field: string; message: string } | null {
  const point = decode(keys.p256dh);
  const field = 'subscription.keys.p256dh';
  if (!point || point.length !== 65 || point[0] !== 4) {
    return {
      field,
      message: `${field}: must be an uncompressed P-256 public key (65 bytes, base64url)`,
    };
  }
  try {
    // ECDH with a throw-away key: OpenSSL refuses a point that is not on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
  } catch {
    return { field, message: `${field}: is not a point on the P-256 curve` };
  }
  const secret = decode(keys.auth);
  if (!secret || secret.length !== 16) {
    return {
      field: 'subscription.keys.auth',
      message: 'subscription.keys.auth: must be a 16-byte secret (base64url)',
    };
  }
  return null;
}

function decode(s: string): Buffer | null {
  const body = s.replace(/=+$/, '');
  return /^[A-Za-z0-9_-]*$/.test(body) ? Buffer.from(body, 'base64url') : null;
}
