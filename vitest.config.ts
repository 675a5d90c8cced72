import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, sep } from 'node:path';
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

/** The jsdom projects' common part: the app's React and effector transforms and the platform's test double. */
const unitProject = {
  plugins: [react({ babel: { plugins: [['effector/babel-plugin', { addLoc: false }]] } })],
  define: { __BUILD_TARGET__: JSON.stringify('web') },
  resolve: { alias },
  test: { environment: 'jsdom' as const, setupFiles: ['tests/unit/setup.ts'] },
};

/** Unit test files that replace a module with `vi.mock`, found by reading them (a new one is found too). */
const mockingModules = readdirSync(join(root, 'tests/unit'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(join(root, 'tests/unit', file), 'utf8').includes('vi.mock('))
  .map((file) => `tests/unit/${file.split(sep).join('/')}`);

export default defineConfig({
  define: { __BUILD_TARGET__: JSON.stringify('web') },
  test: {
    // Vitest's default leaves one core to itself (a single worker on two cores); its main process mostly waits, and
    // the test files wait on their databases, so every core gets a worker.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        ...unitProject,
        test: {
          ...unitProject.test,
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: mockingModules,
          // The files of a worker share one page and the imported app (a fresh jsdom and module graph per file cost
          // three quarters of this project's time); tests/unit/setup.ts puts back what a test may leave behind.
          isolate: false,
        },
      },
      // A file that replaces a module (vi.mock) gets its own module graph: in a shared one the real module may
      // already be loaded by an earlier file.
      ...(mockingModules.length > 0
        ? [{ ...unitProject, test: { ...unitProject.test, name: 'unit-mocks', include: mockingModules } }]
        : []),
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
