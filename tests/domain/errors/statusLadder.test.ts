/**
 * One status ladder (src/domain/errors/statusLadder.ts) for the page, the service worker and
 * sync: every place that acts on an answer's status reads it, so they agree on every status
 * from 400 to 599 (before, backend/api/answer.ts, backend/requester/core.ts,
 * domain/errors/appErrors.ts, domain/errors/classifier.ts and syncRefusal.ts each wrote the
 * rungs, and the supabase-js fetch's breaker did not count 408 and 429). A scan of src/ and
 * sw/ finds no other comparison of a status with the ladder's numbers.
 * Not proved: a status compared through a variable named otherwise, or a number built at run time.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/domain/errors/appErrors';
import { classifyError } from '../../../src/domain/errors/classifier';
import {
  categoryForStatus,
  failureClass,
  isTransientStatus,
} from '../../../src/domain/errors/statusLadder';
import { SYNC_REFUSAL_TEXT, syncRefusalText } from '../../../src/domain/errors/syncRefusal';
import { countsAsFailure } from '../../../src/backend/requester/core';
import { sourceFiles } from '../../lint/sourceFiles';

const STATUSES = Array.from({ length: 200 }, (_, i) => 400 + i);

describe('one status ladder', () => {
  it('names the rungs docs/product.md writes', () => {
    expect([401, 404, 408, 429, 500, 503, 400, 403].map(failureClass)).toEqual([
      'unauthorized',
      'not_found',
      'transient',
      'transient',
      'transient',
      'transient',
      'rejected',
      'rejected',
    ]);
  });

  it.each(STATUSES)('every reader agrees on %i', (status) => {
    const transient = isTransientStatus(status);
    expect(countsAsFailure(new HttpError(status))).toBe(transient);
    expect(new HttpError(status).category).toBe(categoryForStatus(status) ?? 'unknown');
    const classified = classifyError(Object.assign(new Error('x'), { status }));
    if (categoryForStatus(status)) expect(classified.category).toBe(categoryForStatus(status));
    const sentence = syncRefusalText(`${status}: refused`);
    if (![403, 405, 409, 413, 501].includes(status)) {
      const byRung = {
        unauthorized: SYNC_REFUSAL_TEXT.signIn,
        not_found: SYNC_REFUSAL_TEXT.unavailable,
        transient: SYNC_REFUSAL_TEXT.later,
        rejected: SYNC_REFUSAL_TEXT.invalid,
      };
      expect(sentence).toBe(byRung[failureClass(status)]);
    }
  });

  it('no other file of src/ or sw/ compares a status with the ladder', () => {
    // A status compared with a rung's number (401, 404, 408, 429) or the 5xx bound.
    const RUNG = /status\s*(===|!==|>=|>)\s*(401|404|408|429|499|500)\b/;
    const ALLOWED: Record<string, string> = {
      'src/domain/errors/statusLadder.ts': 'the ladder',
      // The request helper retries a 5xx only, never a 4xx (docs/product.md § Backend); its
      // breaker counts by the ladder.
      'src/backend/requester/resilientFetch.ts': 'retries 5xx only',
    };
    const found = sourceFiles(['src', 'sw']).filter(
      (f) => !(f in ALLOWED) && RUNG.test(readFileSync(f, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
