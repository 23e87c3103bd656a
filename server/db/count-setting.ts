/**
 * A whole number from the environment within [min, max], or undefined when the variable is
 * unset or blank (the caller's default then applies); anything else is a start-up error that
 * names the variable and the range.
 */
export function countSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  min: number,
  max: number,
): number | undefined {
  const v = env[name];
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}
