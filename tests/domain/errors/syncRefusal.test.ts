import { describe, expect, it } from 'vitest';
import { SYNC_REFUSAL_TEXT, syncRefusalText } from '../../../src/domain/errors/syncRefusal';
import { INVALID_START_TIME, NETWORK_FAILURE, SERVICE_NOT_FOUND } from '../../../src/sync/messages';

/**
 * A refused record's sentence (issue 44 item 2): chosen by the stored status, never the
 * server's words. Does not prove: that every screen showing a sync error calls this (the
 * route sweep in e2e/every-route.spec.ts looks for 'violates' and status prefixes on screen).
 */
describe('syncRefusalText', () => {
  it('never repeats the database’s message', () => {
    const raw =
      '400: new row for relation "custom_patterns" violates check constraint "custom_patterns_name_check"';
    const text = syncRefusalText(raw);
    expect(text).toBe(SYNC_REFUSAL_TEXT.invalid);
    expect(text).not.toMatch(/violates|constraint|relation|400/);
  });

  it('maps each status class to what to do', () => {
    expect(syncRefusalText('401: JWT expired')).toBe(SYNC_REFUSAL_TEXT.signIn);
    expect(syncRefusalText('403: new row violates row-level security policy')).toBe(
      SYNC_REFUSAL_TEXT.forbidden,
    );
    expect(syncRefusalText('409: duplicate key value violates unique constraint')).toBe(
      SYNC_REFUSAL_TEXT.conflict,
    );
    expect(syncRefusalText('413: payload too large')).toBe(SYNC_REFUSAL_TEXT.tooLarge);
    expect(syncRefusalText('503: upstream')).toBe(SYNC_REFUSAL_TEXT.later);
    expect(syncRefusalText('422: bad')).toBe(SYNC_REFUSAL_TEXT.invalid);
    expect(syncRefusalText(`${SERVICE_NOT_FOUND} (404: relation does not exist)`)).toBe(
      SYNC_REFUSAL_TEXT.unavailable,
    );
    expect(syncRefusalText(`${NETWORK_FAILURE} (TypeError: Failed to fetch)`)).toBe(
      SYNC_REFUSAL_TEXT.offline,
    );
    expect(syncRefusalText(INVALID_START_TIME)).toBe(SYNC_REFUSAL_TEXT.startTime);
    expect(syncRefusalText(undefined)).toBe(SYNC_REFUSAL_TEXT.unknown);
    expect(syncRefusalText('something odd')).toBe(SYNC_REFUSAL_TEXT.unknown);
  });

  it('keeps a storage quota’s message, which is written for the person', () => {
    const q = 'Storage quota reached: at most 100,000 sessions per account';
    expect(syncRefusalText(q)).toBe(q);
  });
});
