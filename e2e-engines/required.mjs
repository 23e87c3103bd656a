/**
 * What an engine journey does when its browser is missing: on a developer's machine it is
 * skipped with the reason; under `CI=true` the file fails with the reason instead, so the
 * engine suite never passes on CI by not running (the same rule as tests/support/required.ts).
 */
export const IN_CI = Boolean(process.env.CI) && !/^(0|false)$/i.test(process.env.CI ?? '');

/** For node:test's `skip` option: false when nothing is missing, else the reason (or, on CI, an error). */
export function skipWhenMissing(missing) {
  if (!missing) return false;
  if (IN_CI) throw new Error(`${missing}: this journey is required under CI=true`);
  return missing;
}
