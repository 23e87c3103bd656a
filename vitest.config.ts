import { defineConfig } from 'vitest/config';

// Unit, machine, data and server tests. Browser tests live in e2e/ (Playwright).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
