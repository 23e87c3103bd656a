import { PneumaDatabase, type SessionRecord } from '../../src/data/db';

let seq = 0;
/** A fresh database with its own name, so tests never share rows. */
export function freshDb(): PneumaDatabase {
  seq += 1;
  return new PneumaDatabase(`test-${process.pid}-${Date.now()}-${seq}`);
}

export function makeSession(over: Partial<SessionRecord> = {}, i = 0): SessionRecord {
  const start = Date.UTC(2026, 10, 20, 8, 0, 0) + i * 60_000;
  return {
    id: crypto.randomUUID(),
    userId: 'user-a',
    patternId: 'box',
    patternName: 'Box Breathing',
    sessionType: 'classic',
    startTime: start,
    endTime: start + 160_000,
    duration: 160,
    cycleCount: 10,
    targetCycles: 10,
    completed: true,
    breathHoldTime: 4,
    cameraUsed: false,
    aiUsed: false,
    createdAt: new Date(start + 160_000).toISOString(),
    syncState: 'pending',
    attempts: 0,
    ...over,
  };
}

/** A small seeded random number generator, so a failing run can be replayed. */
export { mulberry32 } from '../../src/domain/seededRandom';

export const config = { supabaseUrl: 'http://fake.test', supabaseAnonKey: 'anon-key' };

/** A clock the test moves by hand; sleep advances it instead of waiting. */
export function fakeClock(start = Date.UTC(2026, 10, 22, 6, 0, 0)) {
  let t = start;
  const slept: number[] = [];
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
    sleep: async (ms: number) => {
      slept.push(ms);
      t += ms;
    },
    slept,
  };
}
