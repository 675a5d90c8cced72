import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = [
  // Unit tests run the app against the test double of the platform.
  { find: '@platform/impl', replacement: `${root}platform/mock/index.ts` },
  { find: '@platform', replacement: `${root}platform/index.ts` },
  { find: /^@kvarta\/contract$/, replacement: `${root}contract/index.ts` },
  { find: /^@kvarta\/contract\/(.+)$/, replacement: `${root}contract/$1.ts` },
  { find: /^@\//, replacement: `${root}src/` },
];

export default defineConfig({
  define: { __BUILD_TARGET__: JSON.stringify('web') },
  test: {
    // Vitest's default leaves one core to itself (a single worker on two cores); its main process mostly waits, and
    // the test files wait on their databases, so every core gets a worker.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        plugins: [react({ babel: { plugins: [['effector/babel-plugin', { addLoc: false }]] } })],
        define: { __BUILD_TARGET__: JSON.stringify('web') },
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          // Each file builds its own app on its own database, so the files of a worker share the imported server
          // modules instead of importing them again (seconds per file).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Two web instances and a worker on PostgreSQL (tests/cluster): only where there is a PostgreSQL to run on.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: 'cluster',
                environment: 'node',
                include: ['tests/cluster/**/*.test.ts'],
                testTimeout: 90_000,
                hookTimeout: 240_000,
                // Its three server processes take the cores themselves, and it times deliveries: it runs after
                // the other projects, alone.
                sequence: { groupOrder: 1 },
                maxWorkers: 1,
              },
            },
          ]
        : []),
      {
        // eslint.config.js's rules against planted violations (node, no app code loaded).
        test: {
          name: 'lint',
          environment: 'node',
          include: ['tests/lint/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
