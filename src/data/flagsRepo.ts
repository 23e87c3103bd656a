import { db } from './db';

/** Local boolean flags (e.g. a completed first session). Missing flags read as false. */
type FlagName = 'hasCompletedSession' | 'onboardingCompleted';

interface LocalFlags {
  hasCompletedSession: boolean;
  onboardingCompleted: boolean;
}

const FLAG_NAMES: FlagName[] = ['hasCompletedSession', 'onboardingCompleted'];

export async function getFlag(name: FlagName): Promise<boolean> {
  return (await db.flags.get(name))?.value === true;
}

export async function setFlag(name: FlagName, value = true): Promise<void> {
  await db.flags.put({ key: name, value });
}

export async function getFlags(): Promise<LocalFlags> {
  const rows = await db.flags.bulkGet(FLAG_NAMES);
  return {
    hasCompletedSession: rows[0]?.value === true,
    onboardingCompleted: rows[1]?.value === true,
  };
}
