import { failureClass } from './statusLadder';

/**
 * What a person reads when the server refused one of their records (docs/product.md § Errors):
 * a sentence about what to do, chosen by the refusal's HTTP status (the outbox stores
 * "<status>: <the server's message>", src/backend/api/answer.ts), never the server's or
 * the database's own words ('violates check constraint …' stays in the device's log).
 */
export const SYNC_REFUSAL_TEXT = {
  invalid:
    'Your account did not accept this as it is (a name or a value may be too long or out of range). Edit it and save again; it stays on this device meanwhile.',
  forbidden:
    'Your account is not allowed to save this. Sign out and in again; it stays on this device meanwhile.',
  conflict:
    'Your account already has something that clashes with this. Rename or edit it and save again; it stays on this device meanwhile.',
  tooLarge: 'This is too large to save to your account. It stays on this device.',
  unavailable: 'Saving to your account is not offered here. It stays on this device.',
  signIn: 'Sign in again to save this to your account. It stays on this device meanwhile.',
  later:
    'Your account could not take this just now. It stays on this device and is sent again later.',
  offline: 'Waiting for a connection: it is sent when you are back online.',
  startTime: 'Its start time could not be read, so it stays on this device only.',
  unknown: 'Not saved to your account yet. It stays on this device; try again later.',
} as const;

/** The sentence for a stored sync error (undefined: the record has none). */
export function syncRefusalText(stored: string | undefined): string {
  if (!stored) return SYNC_REFUSAL_TEXT.unknown;
  // A full storage's message is written for the person already (src/domain/storageQuota.ts).
  if (/^Storage quota reached: at most [^<>]{1,80} per account$/.test(stored)) return stored;
  if (/^Network error/i.test(stored)) return SYNC_REFUSAL_TEXT.offline;
  if (/^Invalid start time/i.test(stored)) return SYNC_REFUSAL_TEXT.startTime;
  const status = Number(/^(\d{3})\b/.exec(stored)?.[1] ?? /answered (\d{3})/.exec(stored)?.[1]);
  if (!Number.isFinite(status)) return SYNC_REFUSAL_TEXT.unknown;
  if (status < 400) return SYNC_REFUSAL_TEXT.unknown;
  // Statuses with a sentence of their own, then the status ladder's rung (./statusLadder.ts).
  const own: Partial<Record<number, string>> = {
    403: SYNC_REFUSAL_TEXT.forbidden,
    405: SYNC_REFUSAL_TEXT.unavailable,
    409: SYNC_REFUSAL_TEXT.conflict,
    413: SYNC_REFUSAL_TEXT.tooLarge,
    501: SYNC_REFUSAL_TEXT.unavailable,
  };
  const byRung = {
    unauthorized: SYNC_REFUSAL_TEXT.signIn,
    not_found: SYNC_REFUSAL_TEXT.unavailable,
    transient: SYNC_REFUSAL_TEXT.later,
    rejected: SYNC_REFUSAL_TEXT.invalid,
  } as const;
  return own[status] ?? byRung[failureClass(status)];
}
