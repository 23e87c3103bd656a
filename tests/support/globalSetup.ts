import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { stopSharedCluster, SHARED_CLUSTER_FILE } from './runFixtures';

/**
 * Once per `vitest run`: a folder for the run's shared test fixtures (tests/support/runFixtures.ts
 * makes each the first time a test asks for it, so a run of pure unit tests makes none), and
 * at the end the shared PostgreSQL cluster's stop and the folder's removal.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's shared fixtures (tests/support/runFixtures.ts). */
    runFixturesDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'pneuma-vitest-'));
  project.provide('runFixturesDir', dir);
  return async () => {
    const cluster = join(dir, SHARED_CLUSTER_FILE);
    if (existsSync(cluster)) await stopSharedCluster(JSON.parse(readFileSync(cluster, 'utf8')) as { dir: string });
    await rm(dir, { recursive: true, force: true });
  };
}
