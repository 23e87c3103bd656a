import { describe, expect, it } from 'vitest';
import {
  firstPullStep,
  laterCursor,
  nextPullStep,
  PULL_OVERLAP_MS,
  type PullCursor,
  type PullStep,
} from '../../src/domain/pullPlan';

/** A server table's rows in (stamp, key) order, answering the three kinds of step. */
function answer(rows: PullCursor[], step: PullStep, pageSize: number): PullCursor[] {
  const at = (r: PullCursor) => Date.parse(r.updatedAt);
  const sorted = [...rows].sort(
    (a, b) => at(a) - at(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const match = sorted.filter((r) => {
    if (step.kind === 'from') return step.stamp === null || at(r) >= Date.parse(step.stamp);
    if (step.kind === 'tie') return at(r) === Date.parse(step.stamp) && r.key > step.afterKey;
    return at(r) > Date.parse(step.stamp);
  });
  return match.slice(0, pageSize);
}

/** Runs a whole pull the way the sync engine does; returns every key read, in order, and the new cursor. */
function pull(rows: PullCursor[], cursor: PullCursor | null, pageSize: number, overlap = 0) {
  const keys: string[] = [];
  let step: PullStep | null = firstPullStep(cursor, overlap);
  let last = cursor;
  let pages = 0;
  while (step) {
    const page = answer(rows, step, pageSize);
    keys.push(...page.map((r) => r.key));
    last = laterCursor(last, page.at(-1) ?? null);
    step = nextPullStep(step, { count: page.length, last: page.at(-1) }, pageSize);
    pages += 1;
    if (pages > 1000) throw new Error('pull does not end');
  }
  return { keys, cursor: last, pages };
}

const stamp = (s: number) => new Date(Date.UTC(2026, 10, 23, 10, 0, s)).toISOString();
const row = (s: number, key: string): PullCursor => ({ updatedAt: stamp(s), key });

describe('pull plan', () => {
  it('reads every row once, in order, with pages smaller than a run of rows sharing one stamp', () => {
    // 7 rows written in one transaction (same stamp), then 3 later ones
    const rows = [
      ...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => row(1, k)),
      row(2, 'a'),
      row(3, 'z'),
      row(3, 'b'),
    ];
    for (const size of [1, 2, 3, 5, 7, 10, 50]) {
      const r = pull(rows, null, size);
      expect(r.keys, `page size ${size}`).toEqual([
        'a',
        'b',
        'c',
        'd',
        'e',
        'f',
        'g',
        'a',
        'b',
        'z',
      ]);
      expect(r.cursor).toEqual(row(3, 'z'));
    }
  });

  it('continues from the cursor: only rows after it (with no overlap)', () => {
    const rows = [row(1, 'a'), row(1, 'b'), row(1, 'c'), row(2, 'a')];
    const r = pull(rows, row(1, 'b'), 2);
    // the 'from' step re-reads rows at the cursor's stamp; merges of rows read again change nothing
    expect(r.keys).toEqual(['a', 'b', 'c', 'a']);
    expect(r.cursor).toEqual(row(2, 'a'));
  });

  it('starts a little before the cursor, so a write that finished late is still read', () => {
    expect(firstPullStep(row(200, 'k'))).toEqual({
      kind: 'from',
      stamp: new Date(Date.parse(stamp(200)) - PULL_OVERLAP_MS).toISOString(),
    });
    // a row stamped 10 s before the cursor, committed after the last pull
    const rows = [row(100, 'late'), row(110, 'seen')];
    const r = pull(rows, row(110, 'seen'), 50, 60_000);
    expect(r.keys).toContain('late');
    expect(r.cursor).toEqual(row(110, 'seen'));
  });

  it('an empty table or a table with nothing new ends after one page and keeps the cursor', () => {
    expect(pull([], null, 10)).toEqual({ keys: [], cursor: null, pages: 1 });
    const c = row(5, 'x');
    expect(pull([row(1, 'a')], c, 10, 0).cursor).toEqual(c);
  });

  it('starts from the beginning when there is no cursor or it is unreadable', () => {
    expect(firstPullStep(null)).toEqual({ kind: 'from', stamp: null });
    expect(firstPullStep({ updatedAt: 'garbage', key: 'a' })).toEqual({
      kind: 'from',
      stamp: null,
    });
  });

  it('the cursor only moves forward', () => {
    expect(laterCursor(row(2, 'a'), row(1, 'z'))).toEqual(row(2, 'a'));
    expect(laterCursor(row(2, 'a'), row(2, 'b'))).toEqual(row(2, 'b'));
    expect(laterCursor(null, row(1, 'a'))).toEqual(row(1, 'a'));
    expect(laterCursor(row(1, 'a'), null)).toEqual(row(1, 'a'));
  });
});
