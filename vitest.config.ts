import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@weft/core': path.join(root, 'packages/core/src/index.ts'),
      '@weft/nodes': path.join(root, 'packages/nodes/src/index.ts'),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    environment: 'node',
    // PostgreSQL suites keep their schemas until the run ends; this sweeps them.
    globalSetup: ['apps/server/src/test-support/test-schemas.global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: two files at a time keeps PostgreSQL and argon2 from starving each other.
    maxWorkers: 2,
  },
});
