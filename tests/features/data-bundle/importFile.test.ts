import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/data/db';
import { getPreferences, setPreferences } from '../../../src/data/preferencesRepo';
import { formatMindfulCsv, formatSessionsCsv, NOT_A_PNEUMA_EXPORT } from '../../../src/domain/export/sessionsCsv';
import { buildBundle } from '../../../src/features/data-bundle/bundle';
import { describePlan, MINDFUL_NOT_IMPORTED, planImport, runImport } from '../../../src/features/data-bundle/importFile';
import { makeSession } from '../../sync/helpers';

/**
 * Import of the app's own files on a device (Dexie on fake-indexeddb): the sessions CSV
 * exported on one device and imported on a fresh one gives the same sessions, none twice;
 * a malformed data file is refused with a message and changes nothing; a foreign file says
 * so. Does not prove: the file picker and download in a browser (e2e/habit.spec.ts).
 */

const wipe = () => Promise.all(db.tables.map((t) => t.clear()));
beforeEach(wipe);

async function snapshot() {
  const [sessions, patterns, prefs] = await Promise.all([db.sessions.toArray(), db.patterns.toArray(), getPreferences()]);
  return JSON.stringify({ sessions: sessions.sort((a, b) => a.id.localeCompare(b.id)), patterns, prefs });
}

describe('importing a sessions CSV', () => {
  it('into a fresh device gives the same sessions, and a second import adds none', async () => {
    const original = Array.from({ length: 142 }, (_, i) =>
      makeSession({ stillnessScore: i % 3 ? undefined : 50 + i / 7, qualityScore: i % 2 ? 70 : undefined, breathHoldTime: i % 4 ? 4 : undefined }, i),
    );
    await db.sessions.bulkPut(original);
    const csv = formatSessionsCsv(await db.sessions.toArray(), 'Europe/Paris');
    await wipe(); // the second device

    const plan = await planImport(csv);
    expect(describePlan(plan).question).toBe('142 sessions: import?');
    await runImport(plan, null);
    const back = await db.sessions.toArray();
    expect(back).toHaveLength(142);
    for (const s of original) {
      const b = back.find((x) => x.id === s.id)!;
      const expected = {
        startTime: s.startTime,
        endTime: s.startTime + s.duration * 1000,
        patternId: s.patternId,
        patternName: s.patternName,
        sessionType: s.sessionType,
        duration: s.duration,
        cycleCount: s.cycleCount,
        targetCycles: s.targetCycles,
        completed: s.completed,
        breathHoldTime: s.breathHoldTime,
        stillnessScore: s.stillnessScore,
        qualityScore: s.qualityScore,
        userId: null,
        syncState: 'guest',
      };
      expect(b).toMatchObject(Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined)));
      for (const k of ['breathHoldTime', 'stillnessScore', 'qualityScore'] as const) if (s[k] === undefined) expect(b[k]).toBeUndefined();
    }

    const again = await planImport(csv);
    expect(describePlan(again).notes).toContain('142 already on this device will be skipped.');
    expect(await runImport(again, null)).toEqual({ sessionsAdded: 0, sessionsAlreadyHere: 142 });
    expect(await db.sessions.count()).toBe(142);
  });

  it('signed in, imported sessions are the member’s and wait for upload', async () => {
    const s = makeSession({}, 1);
    const plan = await planImport(formatSessionsCsv([s], 'UTC'));
    await runImport(plan, 'user-b');
    expect(await db.sessions.get(s.id)).toMatchObject({ userId: 'user-b', syncState: 'pending' });
  });
});

describe('refusals', () => {
  it('a malformed data file is refused with a message and nothing changes', async () => {
    await db.sessions.bulkPut([makeSession({}, 1)]);
    await setPreferences({ defaultPattern: 'sleep', voiceEnabled: false });
    const before = await snapshot();
    const good = JSON.stringify(await buildBundle());
    const broken = [
      good.slice(0, good.length / 2), // cut short
      good.replace('"sessions":[', '"sessions":[{"id":"x","startTime":"yesterday"},'), // a bad row
      JSON.stringify({ ...JSON.parse(good), patterns: 'none' }),
    ];
    const messages: string[] = [];
    for (const text of broken) {
      await expect(planImport(text)).rejects.toThrow();
      messages.push(await planImport(text).then(() => 'accepted', (e: Error) => e.message));
    }
    expect(messages[0]).toMatch(/not valid JSON/);
    expect(messages[1]).toMatch(/sessions\[0\]/);
    expect(messages[2]).toMatch(/patterns must be a list/);
    expect(await snapshot()).toBe(before);
  });

  it('a foreign file is not a Pneuma export; the mindful file is not for import', async () => {
    for (const text of ['{"hello":"world"}', '[1,2,3]', 'date,steps\n2026-01-01,4000\n', 'just some text', '']) {
      await expect(planImport(text)).rejects.toThrow(NOT_A_PNEUMA_EXPORT);
    }
    await expect(planImport(formatMindfulCsv([makeSession({}, 1)], 'UTC'))).rejects.toThrow(MINDFUL_NOT_IMPORTED);
  });

  it('the data file preview counts sessions and patterns', async () => {
    await db.sessions.bulkPut([makeSession({}, 1), makeSession({}, 2)]);
    await db.patterns.put({
      id: 'p1', userId: null, name: 'Mine', description: '', inhale: 4, hold: 2, exhale: 6, hold_after_exhale: 0,
      category: 'sleep', difficulty: 'Beginner', benefits: [], createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z', deleted: false, syncState: 'guest',
    });
    const text = JSON.stringify(await buildBundle());
    await wipe();
    expect(describePlan(await planImport(text)).question).toBe('2 sessions, 1 pattern: import?');
  });
});
