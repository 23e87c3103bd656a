import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/data/db';
import {
  ERROR_LOG_LIMITS,
  SAMPLED_OUT_KEY,
  SAMPLED_OUT_VALUE,
  addErrorLog,
  markReported,
  pendingReports,
} from '../../src/data/errorLogRepo';

function entry(i: number, extra: Partial<Parameters<typeof addErrorLog>[0]> = {}) {
  return {
    timestamp: 1_000 + i,
    message: `error ${i}`,
    category: 'unknown',
    severity: 'medium' as const,
    reported: false,
    ...extra,
  };
}

beforeEach(async () => {
  await db.open();
  await db.errorLog.clear();
});

describe('error log repository', () => {
  it('keeps the last 100 on the device', async () => {
    expect(ERROR_LOG_LIMITS).toEqual({ local: 100 });
    for (let i = 0; i < 130; i++) await addErrorLog(entry(i));
    expect(await db.errorLog.count()).toBe(100);
    const stored = await db.errorLog.orderBy(':id').toArray();
    expect(stored[0]!.message).toBe('error 30'); // the oldest went
    expect(stored.at(-1)!.message).toBe('error 129');
  });

  it('pending reports: unreported, oldest first, not the sampled-out ones', async () => {
    const a = await addErrorLog(entry(1));
    await addErrorLog(
      entry(2, { severity: 'low', context: { [SAMPLED_OUT_KEY]: SAMPLED_OUT_VALUE } }),
    );
    const c = await addErrorLog(entry(3));
    await addErrorLog(entry(4, { reported: true }));
    expect((await pendingReports()).map((r) => r.id)).toEqual([a, c]);
    await markReported([a]);
    expect((await pendingReports()).map((r) => r.id)).toEqual([c]);
    expect((await db.errorLog.get(a))?.reported).toBe(true);
  });
});
