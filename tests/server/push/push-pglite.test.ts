import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptAes128gcm } from './fakePushService';
import { pushSuite } from './suite';

/**
 * Web Push reminders end to end on the server (PGlite): a member registers a device's
 * subscription through /api/push, the scheduler sends at the reminder's local time, and a
 * local push service written from the RFCs with node:crypto (fakePushService.ts; itself
 * checked against RFC 8291's Appendix A vector) decrypts the payload and verifies the
 * VAPID JWT with the key /api/push/key publishes. A 410 deletes the subscription; signing
 * out removes the device's subscription; no one but the owner reads or changes it.
 * Does not prove: delivery through a real push service (FCM, Mozilla, Apple) or that a
 * browser shows the notification (the service worker's part is tested in the browser).
 */

// RFC 8291, Appendix A.
const RFC = {
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  plaintext: 'When I grow up, I want to be a watermelon',
};

describe('the checker itself', () => {
  it('decrypts the RFC 8291 Appendix A message', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(RFC.uaPrivate, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(RFC.uaPublic);
    const out = decryptAes128gcm(Buffer.from(RFC.body, 'base64url'), {
      privateKey: Buffer.from(RFC.uaPrivate, 'base64url'),
      publicKey: Buffer.from(RFC.uaPublic, 'base64url'),
      auth: Buffer.from(RFC.auth, 'base64url'),
    });
    expect(out.toString()).toBe(RFC.plaintext);
    const tampered = Buffer.from(RFC.body, 'base64url');
    tampered[tampered.length - 20]! ^= 1;
    expect(() =>
      decryptAes128gcm(tampered, {
        privateKey: Buffer.from(RFC.uaPrivate, 'base64url'),
        publicKey: Buffer.from(RFC.uaPublic, 'base64url'),
        auth: Buffer.from(RFC.auth, 'base64url'),
      }),
    ).toThrow();
  });
});

pushSuite('pglite');
