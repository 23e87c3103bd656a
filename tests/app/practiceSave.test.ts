import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNoTracking } from '../../src/app/noTracking';
import { saveFinishedSession } from '../../src/app/practiceSave';
import { db } from '../../src/data/db';
import { getFlag } from '../../src/data/flagsRepo';
import { listRecentPatterns } from '../../src/data/patternUsageRepo';
import { STORAGE_WAIT_MS, StorageTimeoutError } from '../../src/data/storageWait';
import { linkedPatternId } from '../../src/domain/links/patternLink';
import { choosePattern, sessionConfigFor } from '../../src/domain/patternChoice';
import { getPattern } from '../../src/domain/patterns';
import { BUILT_IN_PROGRAMS } from '../../src/domain/programs/builtInPrograms';
import { buildProgramSessionRecord } from '../../src/domain/programs/programRecord';
import { buildSessionRecord, type SessionRecord } from '../../src/domain/sessionRecord';
import { buildTogetherSessionRecord } from '../../src/domain/together/togetherRecord';
import { engineClockFollowsFakeTime } from '../support/engineClock';

/**
 * The one save path (src/app/practiceSave.ts), parametrised over every kind of finished
 * practice, on Dexie over fake-indexeddb: a pattern session, a program's, a course day's
 * (a day's item is a pattern or a program, started through the same screens) and a shared
 * session's. With practice without tracking on, nothing is written to any table and nothing
 * is handed to sync; off, exactly one session of the right kind is stored, the first-session
 * flag set, the pattern or program marked used, and a member's session handed to sync.
 * Does not prove: that every screen calls this module (the e2e door spec checks the screens),
 * nor a real engine's IndexedDB lock (WebKit's journey does).
 */

const box = getPattern('box')!;
// Any built-in program will do.
const program = BUILT_IN_PROGRAMS[0]!;

function patternRecord(id: string, userId: string | null): SessionRecord {
  return buildSessionRecord({
    id,
    breathing: {
      activeMs: 160_000,
      cycleCount: 10,
      targetCycles: 10,
      completed: true,
      interruptedCycles: 0,
    },
    config: sessionConfigFor('classic', choosePattern({ urlParam: 'box' })),
    startEpochMs: 1_000,
    endEpochMs: 161_000,
    userId,
    vision: null,
  });
}

function programRecord(id: string, userId: string | null): SessionRecord {
  return buildProgramSessionRecord({
    id,
    program,
    run: {
      activeMs: 60_000,
      cycleCount: 4,
      totalCycles: 4,
      totalHolds: 0,
      completed: true,
      retentionsMs: [],
      holds: [],
      pauseCount: 0,
    },
    startEpochMs: 1_000,
    endEpochMs: 61_000,
    userId,
  });
}

const KINDS: {
  kind: string;
  make: (id: string, userId: string | null) => SessionRecord;
  patternId: string;
  isProgram: boolean;
}[] = [
  { kind: 'pattern', make: patternRecord, patternId: 'box', isProgram: false },
  { kind: 'program', make: programRecord, patternId: `program:${program.id}`, isProgram: true },
  // A course day's item runs as a pattern session or a program's: the same records.
  { kind: 'course day (pattern)', make: patternRecord, patternId: 'box', isProgram: false },
  {
    kind: 'course day (program)',
    make: programRecord,
    patternId: `program:${program.id}`,
    isProgram: true,
  },
  {
    kind: 'shared session',
    make: (id, userId) =>
      buildTogetherSessionRecord({
        id,
        pattern: box,
        cycles: 5,
        joinedAtMs: 20_000,
        startEpochMs: 1_000,
        endEpochMs: 61_000,
        userId,
      }),
    patternId: linkedPatternId(box),
    isProgram: false,
  },
];

async function rowsEverywhere(): Promise<number> {
  const counts = await Promise.all(db.tables.map((t) => t.count()));
  return counts.reduce((a, b) => a + b, 0);
}

beforeEach(async () => {
  setNoTracking(false);
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe.each(KINDS)('the one save path: $kind', ({ make, patternId, isProgram }) => {
  it('with practice without tracking on, nothing is stored and nothing synced', async () => {
    setNoTracking(true);
    const handToSync = vi.fn();
    expect(await saveFinishedSession(make('s1', 'u1'), { handToSync })).toBe('not_tracked');
    expect(await rowsEverywhere()).toBe(0);
    expect(handToSync).not.toHaveBeenCalled();
  });

  it('off, a guest: exactly one session of the right kind, flag set, marked used, not synced', async () => {
    const handToSync = vi.fn();
    const record = make('s1', null);
    expect(await saveFinishedSession(record, { handToSync })).toBe('stored');
    const rows = await db.sessions.toArray();
    expect(rows).toEqual([record]);
    expect(rows[0]!.patternId).toBe(patternId);
    expect(rows[0]!.program !== undefined).toBe(isProgram);
    expect(rows[0]!.syncState).toBe('guest');
    expect(await getFlag('hasCompletedSession')).toBe(true);
    expect((await listRecentPatterns()).map((r) => r.patternId)).toEqual([patternId]);
    expect(handToSync).not.toHaveBeenCalled();
  });

  it('off, a member: stored once as pending and handed to sync; a second save of the same record stays one row', async () => {
    const handToSync = vi.fn();
    const record = make('s1', 'u1');
    await saveFinishedSession(record, { handToSync });
    await saveFinishedSession(record, { handToSync });
    expect(await db.sessions.count()).toBe(1);
    expect((await db.sessions.get('s1'))!.syncState).toBe('pending');
    expect(handToSync).toHaveBeenCalled();
  });
});

describe('the one save path: bounded waits', () => {
  it('a store held by another connection rejects with StorageTimeoutError after STORAGE_WAIT_MS', async () => {
    await db.open();
    const other = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('pneuma');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = other.transaction('sessions').objectStore('sessions');
    let held = true;
    const ask = () => {
      store.count().onsuccess = () => {
        if (held) ask();
      };
    };
    ask();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    engineClockFollowsFakeTime();
    try {
      const first = saveFinishedSession(programRecord('s1', null), { handToSync: vi.fn() }).catch(
        (e: unknown) => e,
      );
      await vi.advanceTimersByTimeAsync(STORAGE_WAIT_MS);
      expect(await first).toBeInstanceOf(StorageTimeoutError);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      held = false;
      other.close();
    }
  });
});
