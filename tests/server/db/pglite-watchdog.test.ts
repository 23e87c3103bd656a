import { describe, expect, it } from 'vitest';
import { PgliteWatchdog } from '../../../server/db/pglite-watchdog';
import type { Slot } from '../../../server/db/pglite-watchdog';
import { ShareGate } from '../../../server/db/anon-share';

/**
 * The order rules of the embedded database's watchdog and of PostgreSQL's anonymous share, on
 * their own with real timers (the thread itself: tests/server/attacks/expensive-reads.test.ts).
 * Not proven here: that PGlite runs work in the order sent (the attack test relies on it).
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const slotOf = async (s: Slot | Promise<Slot>) => s;

describe('PGlite watchdog', () => {
  it('calls onStuck for work at the head past its timeout and grace, measured from when the work before it ended', async () => {
    const stuck: [number, number][] = [];
    const w = new PgliteWatchdog((slot, ran) => stuck.push([slot.limitMs, ran]), { graceMs: 20, tickMs: 5 });
    const first = await slotOf(w.admit({ timeoutMs: 1000 }));
    const second = await slotOf(w.admit({ timeoutMs: 60 }));
    await sleep(100);
    expect(stuck).toEqual([]); // the second waits behind the first: not running yet
    w.release(first);
    await sleep(40);
    expect(stuck).toEqual([]);
    await sleep(80);
    expect(stuck).toHaveLength(1);
    expect(stuck[0]![0]).toBe(60);
    expect(stuck[0]![1]).toBeGreaterThan(80);
    w.release(second);
    w.stop();
  });

  it('runs anonymous work alone: others wait, signed-in work first, and everything waiting is refused on a restart', async () => {
    const w = new PgliteWatchdog(() => undefined, { tickMs: 1000 });
    const anon = await slotOf(w.admit({ anonymous: true, timeoutMs: 500 }));
    const order: string[] = [];
    const a2 = slotOf(w.admit({ anonymous: true, timeoutMs: 500 })).then((s) => (order.push('anon'), s));
    const u1 = slotOf(w.admit({ timeoutMs: 500 })).then((s) => (order.push('user'), s));
    await sleep(10);
    expect(order).toEqual([]);
    w.release(anon);
    const [s2, s1] = await Promise.all([a2, u1]);
    expect(order).toEqual(['user', 'anon']);
    // the anonymous one now runs: new work waits; a restart refuses it at once
    const late = slotOf(w.admit(undefined));
    w.pause(Object.assign(new Error('restarting'), { code: '57P03' }));
    await expect(late).rejects.toMatchObject({ code: '57P03' });
    await expect(slotOf(w.admit(undefined))).rejects.toMatchObject({ code: '57P03' });
    w.resume();
    w.release(s1);
    w.release(s2);
    expect(await slotOf(w.admit(undefined))).toMatchObject({ anonymous: false });
    w.stop();
  });

  it('refuses anonymous work that waited past its timeout', async () => {
    const w = new PgliteWatchdog(() => undefined, { tickMs: 1000 });
    const anon = await slotOf(w.admit({ anonymous: true, timeoutMs: 500 }));
    const t0 = performance.now();
    await expect(slotOf(w.admit({ anonymous: true, timeoutMs: 30 }))).rejects.toMatchObject({ code: '53300' });
    expect(performance.now() - t0).toBeLessThan(300);
    w.release(anon);
    w.stop();
  });
});

describe("PostgreSQL's anonymous share", () => {
  it('runs at most its share at once, hands a freed slot to the next, and refuses past its queue', async () => {
    const gate = new ShareGate(1);
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await sleep(20);
      running--;
      return 'done';
    };
    const answers = await Promise.allSettled(Array.from({ length: 12 }, () => gate.run(task, 5000)));
    expect(most).toBe(1);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(9); // 1 running + 8 waiting
    expect(answers.filter((a) => a.status === 'rejected').map((a) => (a as PromiseRejectedResult).reason.code)).toEqual(['53300', '53300', '53300']);
    const slow = gate.run(() => sleep(200));
    await expect(gate.run(task, 20)).rejects.toMatchObject({ code: '53300' });
    await slow;
    expect(await gate.run(task)).toBe('done');
  });
});
