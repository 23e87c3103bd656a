/** PGlite's file-system failures are plain objects ({ name: 'ErrnoError', errno }): say what failed. */
export function openFailure(e: unknown, dataDir: string | undefined): Error {
  if (e instanceof Error) return e;
  const errno = (e as { errno?: unknown } | null)?.errno;
  const code = typeof errno === 'number' ? ` (file system error ${errno})` : '';
  return new Error(`The embedded database could not open its data folder ${dataDir ?? '(in memory)'}${code}: it must be a folder this user can write`);
}
