/**
 * No dead exports: every export of src/ and sw/ is imported somewhere, or at least used by
 * its own file (./exportUse.ts scans every import of the repository with the TypeScript
 * parser). A new export that nothing uses fails the first test; a new export that only its
 * own file uses raises a count the second holds (remove one to add one).
 *
 * Exports imported only by tests (issue 29: no logic survives only because a test calls it):
 *  - a type or a constant (a limit, a default, a schema, a record type) may be: the test
 *    checks the rule against the module's own figure instead of copying it;
 *  - a test seam may be, by name: `…ForTests` (reset a module's state, put it in a state);
 *  - an error class may be, by name: `…Error` (which error a module throws is part of what
 *    it promises; a test names it to check the kind thrown);
 *  - a function or class otherwise fails the third test: let the app use it, make it
 *    internal and test it through the module's public function, or delete it with its tests.
 *
 * Not proved: use through a computed name (`module[name]`) or a path built at run time
 * (they count as unused here); whether a used export is reachable from the app's entry
 * points (an export used only by dead code counts as used until that code goes); the kind
 * of `export const f = g` (an alias counts as a constant, the scan has no type checker).
 */
import { describe, expect, it } from 'vitest';
import { exportKind, scanExportUse, testOnlyExports, unusedExports } from './exportUse';

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

/**
 * Exports nothing imports but their own file uses (the `export` is one too many), outside
 * the router's generated file. The 22 left are in src/backend/api and src/contracts (the
 * typed client's work) and in files that import them (left to that work to avoid clashes).
 */
const EXPORTED_FOR_NOTHING = 22;
/** Written by the router plugin, exports and all. */
const GENERATED = /^src\/routeTree\.gen\.ts: /;

/** A test seam: named for it. */
const TEST_SEAM = /ForTests$/;
/** An error class a module throws. */
const ERROR_CLASS = /Error$/;

describe('dead exports', () => {
  const scan = scanExportUse();
  const testOnly = testOnlyExports(scan).map((entry) => {
    const [file, name] = entry.split(': ') as [string, string];
    return { entry, name, kind: exportKind(scan, file, name) };
  });
  const testOnlyLogic = testOnly
    .filter(({ name, kind }) => (kind === 'function' || kind === 'class') && !TEST_SEAM.test(name))
    .filter(({ name, kind }) => !(kind === 'class' && ERROR_CLASS.test(name)))
    .map(({ entry }) => entry);

  it('every export of src/ and sw/ is used (by an import or by its own file)', () => {
    expect(unusedExports(scan, true).filter((e) => !ALLOWED_DEAD.has(e))).toEqual([]);
  });

  it('no more exports used only by their own file than today', () => {
    const dead = new Set(unusedExports(scan, true));
    const ownOnly = unusedExports(scan).filter((e) => !dead.has(e) && !GENERATED.test(e));
    expect(ownOnly.length).toBeLessThanOrEqual(EXPORTED_FOR_NOTHING);
  });

  it('no function is exported only for tests (types, constants, …ForTests seams and …Error classes may be)', () => {
    expect(testOnlyLogic).toEqual([]);
  });

  it('sees the allowlisted ones (so the list shrinks when they go)', () => {
    const dead = new Set(unusedExports(scan, true));
    expect([...ALLOWED_DEAD].filter((e) => !dead.has(e))).toEqual([]);
  });
}, 120_000);
