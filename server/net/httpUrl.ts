/**
 * An optional http(s) URL read from the environment at start: undefined when unset or blank,
 * else the trimmed value. Anything that is not an http(s) URL stops the server with a
 * message naming the variable.
 */
export function optionalHttpUrl(value: string | undefined, name: string): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`${name}: "${v}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name}: "${v}" is not an http(s) URL`);
  return v;
}
