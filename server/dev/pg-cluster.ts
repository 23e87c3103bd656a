import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A throwaway PostgreSQL server in a temporary folder, for tests and the benchmark.
 * Uses the Debian server binaries; as root it runs them as the postgres user
 * (initdb refuses to run as root).
 */
const run = promisify(execFile);
/** PNEUMA_PG_BIN, else Debian's PostgreSQL 15, else the newest installed version. */
export const PG_BIN = process.env.PNEUMA_PG_BIN || findPgBin();

function findPgBin(): string {
  const preferred = '/usr/lib/postgresql/15/bin';
  if (existsSync(join(preferred, 'initdb'))) return preferred;
  try {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v) && existsSync(join('/usr/lib/postgresql', v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join('/usr/lib/postgresql', versions[0], 'bin');
  } catch {
    /* no PostgreSQL installed */
  }
  return preferred;
}

export interface PgCluster {
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

/** Why a cluster cannot be started here, or null when it can. */
export function pgClusterUnavailable(): string | null {
  if (!existsSync(join(PG_BIN, 'initdb')) || !existsSync(join(PG_BIN, 'pg_ctl'))) {
    return `PostgreSQL server binaries not found in ${PG_BIN} (install the postgresql-15 package or set PNEUMA_PG_BIN)`;
  }
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) {
    return 'running as root without runuser: cannot start initdb as the postgres user';
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function asPostgres(cmd: string, args: string[]): Promise<void> {
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', cmd, ...args], { timeout: 120_000 });
  else await run(cmd, args, { timeout: 120_000 });
}

export async function startPgCluster(): Promise<PgCluster> {
  const why = pgClusterUnavailable();
  if (why) throw new Error(why);
  const dir = await mkdtemp(join(tmpdir(), 'pneuma-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, 'data');
  await asPostgres(join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=50`;
  await asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', data, '-o', opts, '-l', join(dir, 'log.txt'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async stop() {
      await asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
