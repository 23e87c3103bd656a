import { describe, expect, it } from 'vitest';
import { REDACTED, scrubRecord, scrubString } from '../../../src/domain/errors/scrub';

describe('scrub', () => {
  it('removes bearer tokens, JWTs, query secrets and JSON secrets from text', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcDEF123_-x';
    expect(scrubString(`Authorization: Bearer ${jwt}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(scrubString(`token is ${jwt} here`)).toBe(`token is ${REDACTED} here`);
    expect(scrubString('GET /cb?access_token=abc123&x=1')).toBe(
      `GET /cb?access_token=${REDACTED}&x=1`,
    );
    expect(scrubString('login failed password=hunter2 for a@b.c')).toBe(
      `login failed password=${REDACTED} for a@b.c`,
    );
    expect(scrubString('{"email":"a@b.c","password":"hunter2"}')).toBe(
      `{"email":"a@b.c","password":"${REDACTED}"}`,
    );
    expect(scrubString('{"refresh_token": "r-1"}')).toBe(`{"refresh_token": "${REDACTED}"}`);
    expect(scrubString(`key 0x${'a'.repeat(64)}`)).toBe(`key ${REDACTED}`);
    expect(scrubString('nothing secret here')).toBe('nothing secret here');
  });

  it('redacts sensitive keys at any depth and keeps the rest', () => {
    const out = scrubRecord({
      email: 'a@b.c',
      password: 'hunter2',
      nested: { accessToken: 'x', refresh_token: 'y', apiKey: 'z', list: [{ secret: 's', ok: 1 }] },
      headers: { Authorization: 'Bearer abc' },
      fn: () => 1,
    });
    expect(out).toEqual({
      email: 'a@b.c',
      password: REDACTED,
      nested: {
        accessToken: REDACTED,
        refresh_token: REDACTED,
        apiKey: REDACTED,
        list: [{ secret: REDACTED, ok: 1 }],
      },
      headers: { Authorization: REDACTED },
      fn: undefined,
    });
  });
});
