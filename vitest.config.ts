import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit, machine, data and server tests. Browser tests live in e2e/ (Playwright).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // The run's folder of shared fixtures (a migrated PGlite dump, one PostgreSQL cluster with a
    // migrated template), made on first use by tests/support/runFixtures.ts.
    globalSetup: ['tests/support/globalSetup.ts'],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI
    // machine, where the server tests spend much of their time waiting (Postgres processes,
    // argon2 threads, sockets). One worker per core, at least two.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
