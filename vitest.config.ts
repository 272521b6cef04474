import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SummaryReporter from './scripts/summary-reporter.js';

// Tests run against the TypeScript sources of the workspace packages, not their builds.
const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^@baska\/ai\/pool$/,
        replacement: fileURLToPath(new URL('./packages/ai/src/pool/pool.ts', import.meta.url)),
      },
      { find: /^@baska\/engine$/, replacement: src('engine') },
      {
        find: /^@baska\/engine\/fast$/,
        replacement: fileURLToPath(new URL('./packages/engine/src/fast.ts', import.meta.url)),
      },
      { find: /^@baska\/ai$/, replacement: src('ai') },
      { find: /^@baska\/tournament$/, replacement: src('tournament') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'e2e/**/*.test.ts'],
    reporters: ['default', new SummaryReporter()],
    testTimeout: 120_000,
    // the machines here have two cores: use both for test files
    maxWorkers: 2,
  },
});
