/**
 * No dead exports: every export of src/ and sw/ is imported somewhere, or at least used by
 * its own file (./exportUse.ts scans every import of the repository with the TypeScript
 * parser). A new export that nothing uses fails the first test; a new export that only its
 * own file uses, or only tests import, raises a count the other two hold (remove one to
 * add one: issue 29 asks that test-only exports end up used by the app or gone).
 *
 * Not proved: use through a computed name (`module[name]`) or a path built at run time
 * (they count as unused here); whether a used export is reachable from the app's entry
 * points (an export used only by dead code counts as used until that code goes).
 */
import { describe, expect, it } from 'vitest';
import { scanExportUse, testOnlyExports, unusedExports } from './exportUse';

/** Dead by this scan, alive by other means, or left to their owners' work this round. */
const ALLOWED_DEAD = new Set([
  // entry points: loaded by path (vite's SSR build and scripts/prerender)
  'src/entry-server.tsx: prerenderPaths',
  'src/entry-server.tsx: renderPage',
  // custom programs' deletion and input type: the programs work (#35) is wiring them
  'src/data/customProgramsRepo.ts: deleteCustomProgram',
  'src/domain/programs/programSchema.ts: ProgramInput',
  // barrels of folders being renamed in parallel (#29 names): their entries go with that move
  'src/features/community/index.ts: CommunityPreferencesPanel',
  'src/features/community/index.ts: CommunityScreen',
]);

/** Exports nothing imports but their own file uses (the `export` is one too many). */
const EXPORTED_FOR_NOTHING = 351;
/** Exports imported only by tests. */
const TEST_ONLY = 146;

describe('dead exports', () => {
  const scan = scanExportUse();

  it('every export of src/ and sw/ is used (by an import or by its own file)', () => {
    expect(unusedExports(scan, true).filter((e) => !ALLOWED_DEAD.has(e))).toEqual([]);
  });

  it('no more exports used only by their own file than today', () => {
    const count = unusedExports(scan).length - unusedExports(scan, true).length;
    expect(count).toBeLessThanOrEqual(EXPORTED_FOR_NOTHING);
  });

  it('no more exports imported only by tests than today', () => {
    expect(testOnlyExports(scan).length).toBeLessThanOrEqual(TEST_ONLY);
  });

  it('sees the allowlisted ones (so the list shrinks when they go)', () => {
    const dead = new Set(unusedExports(scan, true));
    expect([...ALLOWED_DEAD].filter((e) => !dead.has(e))).toEqual([]);
  });
}, 120_000);
