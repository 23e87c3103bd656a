import { it } from 'vitest';

/**
 * What a suite does when a tool or service it needs is missing (PostgreSQL, CPython, the
 * specification): on a developer's machine it says so (a warning and one skipped test that
 * names the reason); under `CI=true` it fails with the reason instead, so no check passes on
 * CI by not running. Call it where the tests would be declared (a file's top level or inside a
 * `describe`); it returns whether they can run.
 */
export const IN_CI = Boolean(process.env.CI) && !/^(0|false)$/i.test(process.env.CI ?? '');

export function requireTool(what: string, missing: string | null): boolean {
  if (missing === null) return true;
  if (IN_CI) {
    it(`${what}: required under CI=true`, () => {
      throw new Error(`${what} cannot run: ${missing}`);
    });
  } else {
    console.warn(`${what} skipped: ${missing}`);
    it.skip(`${what} skipped: ${missing}`, () => undefined);
  }
  return false;
}
