/**
 * Settings for a small single-user install (README § Server figures has the measurements).
 * PGlite is one backend in this process: the buffer cache, WAL buffers and per-slot shared
 * memory are WebAssembly memory that is never given back, so they are sized for one user's
 * rows rather than Postgres's server defaults (shared_buffers 128 MB, 100 connection slots).
 * The WAL settings keep the data folder small; PGlite already runs without fsync (-F).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = Object.freeze({
  shared_buffers: '16MB',
  wal_buffers: '1MB',
  temp_buffers: '2MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  max_connections: '4',
  min_wal_size: '32MB',
  max_wal_size: '64MB',
});

/**
 * PNEUMA_PGLITE_SETTINGS: "name=value,name=value" over PGLITE_SETTINGS (e.g. a larger
 * shared_buffers on a machine with memory to spare). Unknown names are Postgres's to refuse.
 */
export function pgliteSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (env.PNEUMA_PGLITE_SETTINGS ?? '').split(',')) {
    if (part.trim() === '') continue;
    const m = /^\s*([a-z_][a-z0-9_.]*)\s*=\s*([A-Za-z0-9_.:-]+)\s*$/.exec(part);
    if (!m) throw new Error(`PNEUMA_PGLITE_SETTINGS: "${part.trim()}" is not name=value (e.g. shared_buffers=32MB)`);
    out[m[1]!] = m[2]!;
  }
  return out;
}
