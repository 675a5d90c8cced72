/**
 * `npm test`: every suite, arranged so a machine with few cores is never idle while one of them waits.
 *
 * 1. vitest's projects — unit, server, lint, and the cluster (only with TEST_DATABASE_URL: three servers on
 *    PostgreSQL, from the sources) — beside the build the end-to-end suite serves, and its browser. The tests have
 *    clocks (timeouts, deliveries timed in the cluster) and run at normal priority; the build has none and runs at
 *    the lowest CPU priority, taking what they leave while they wait on their databases and servers.
 * 2. The end-to-end suite in Chromium, and beside it the static checks (`npm run lint`) at the lowest CPU priority:
 *    a page waits on timers, animations and the network much of the time and the type pass takes those cores,
 *    without slowing a page that is working (a starved page is what makes a browser test flaky).
 *
 * Nothing with a clock runs at the lowest priority: starved, a test that takes 5 s alone outran its 30 s timeout.
 * Each stage runs everything in it even when one fails (so one run reports every failure), and a failed stage stops
 * the next, as `a && b` would. Commands whose output would interleave are buffered and printed whole when they end;
 * one command per stage prints as it goes.
 */
import { spawn } from 'node:child_process';

type Step = {
  name: string;
  command: string;
  args: string[];
  /** Print as it runs (one per stage), rather than whole at the end. */
  live?: boolean;
  /** Lowest CPU priority: it only takes what the others leave. */
  background?: boolean;
};

function run({ name, command, args, live = false, background = false }: Step): Promise<boolean> {
  const startedAt = Date.now();
  const niced = background && process.platform !== 'win32';
  const child = spawn(niced ? 'nice' : command, niced ? ['-n', '19', command, ...args] : args, {
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    env: process.env,
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stdout.write(`── ${name}: could not start (${error.message})\n`);
      resolve(false);
    });
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      if (!live) process.stdout.write(`── ${name}\n${Buffer.concat(output).toString()}`);
      process.stdout.write(`── ${name}: ${code === 0 ? 'passed' : `failed (exit code ${code})`} in ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

const npm = (name: string, script: string, extra: Partial<Step> = {}): Step => ({
  name,
  command: 'npm',
  args: ['run', '--silent', script],
  ...extra,
});
const vitest = (projects: string[], extra: Partial<Step> = {}): Step => ({
  name: `vitest ${projects.join(', ')}`,
  command: 'npx',
  args: ['vitest', 'run', ...projects.flatMap((project) => ['--project', project])],
  ...extra,
});

const stages: Step[][] = [
  [
    vitest(['unit', 'unit-mocks', 'server', 'lint', ...(process.env.TEST_DATABASE_URL ? ['cluster'] : [])], { live: true }),
    npm('build', 'build', { background: true }),
    { name: 'chromium', command: 'npx', args: ['tsx', 'scripts/ensure-chromium.ts'] },
  ],
  [{ name: 'e2e', command: 'npx', args: ['playwright', 'test'], live: true }, npm('lint', 'lint', { background: true })],
];

const startedAt = Date.now();
let passed = true;
for (const stage of stages) {
  if (!passed) break;
  passed = (await Promise.all(stage.map(run))).every(Boolean);
}
const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
process.stdout.write(passed ? `npm test: every suite passed in ${minutes} min\n` : `npm test: failed after ${minutes} min\n`);
process.exitCode = passed ? 0 : 1;
