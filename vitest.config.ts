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
