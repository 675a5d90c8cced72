/**
 * `npm test`: every suite, arranged so a machine with few cores is never idle while one of them waits.
 *
 * - vitest's projects — unit, server, lint, and the cluster (only with TEST_DATABASE_URL: three servers on PostgreSQL,
 *   from the sources) — beside the build the end-to-end suite serves, and its browser. The tests have clocks
 *   (timeouts, deliveries timed in the cluster) and run at normal priority; the build has none and runs at the lowest
 *   CPU priority, taking what they leave while they wait on their databases and servers.
 * - The static checks (`npm run lint`) start when the build ends, at the lowest priority too: they fill the cluster's
 *   waits at the end of vitest (half the two cores were idle there) and then the end-to-end suite's, whose pages wait
 *   on timers, animations and the network much of the time, without slowing a page that is working (a starved page is
 *   what makes a browser test flaky).
 * - The end-to-end suite in Chromium once vitest, the build and the browser have passed.
 *
 * Nothing with a clock runs at the lowest priority: starved, a test that takes 5 s alone outran its 30 s timeout.
 * Every step whose prerequisites passed runs even when another fails (so one run reports every failure). One step at
 * a time prints as it goes (vitest, then the end-to-end suite); the others' output is printed whole when they end and
 * no live step is printing.
 */
import { spawn } from 'node:child_process';

type Step = {
  name: string;
  command: string;
  args: string[];
  /** Print as it runs, rather than whole at the end. */
  live?: boolean;
  /** Lowest CPU priority: it only takes what the others leave. */
  background?: boolean;
  /** Steps that must pass first. */
  needs?: Step[];
  /** Steps that must end first, passed or not. */
  follows?: Step[];
};

let livePrinting = 0;
const held: string[] = [];
function print(text: string): void {
  if (livePrinting > 0) held.push(text);
  else process.stdout.write(text);
}

function run({ name, command, args, live = false, background = false }: Step): Promise<boolean> {
  const startedAt = Date.now();
  const niced = background && process.platform !== 'win32';
  if (live) livePrinting += 1;
  const child = spawn(niced ? 'nice' : command, niced ? ['-n', '19', command, ...args] : args, {
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    env: process.env,
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    const end = (ok: boolean, text: string) => {
      if (live) {
        livePrinting -= 1;
        process.stdout.write(text);
        if (livePrinting === 0) process.stdout.write(held.splice(0).join(''));
      } else print(text);
      resolve(ok);
    };
    child.on('error', (error) => end(false, `── ${name}: could not start (${error.message})\n`));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      const whole = live ? '' : `── ${name}\n${Buffer.concat(output).toString()}`;
      end(code === 0, `${whole}── ${name}: ${code === 0 ? 'passed' : `failed (exit code ${code})`} in ${seconds} s\n`);
    });
  });
}

const npm = (name: string, script: string, extra: Partial<Step> = {}): Step => ({
  name,
  command: 'npm',
  args: ['run', '--silent', script],
  ...extra,
});

const projects = ['unit', 'unit-mocks', 'server', 'lint', ...(process.env.TEST_DATABASE_URL ? ['cluster'] : [])];
const vitest: Step = {
  name: `vitest ${projects.join(', ')}`,
  command: 'npx',
  args: ['vitest', 'run', ...projects.flatMap((project) => ['--project', project])],
  live: true,
};
const build = npm('build', 'build', { background: true });
const chromium: Step = { name: 'chromium', command: 'npx', args: ['tsx', 'scripts/ensure-chromium.ts'] };
// The checks follow the build's end, not its success: they report their own failures either way.
const lint = npm('lint', 'lint', { background: true, follows: [build] });
const e2e: Step = { name: 'e2e', command: 'npx', args: ['playwright', 'test'], live: true, needs: [vitest, build, chromium] };
const steps = [vitest, build, chromium, lint, e2e];

/** Each step's run, started once, when what it follows has ended and what it needs has passed. */
const runs = new Map<Step, Promise<boolean>>();
function started(step: Step): Promise<boolean> {
  let result = runs.get(step);
  if (!result) {
    const needed = Promise.all((step.needs ?? []).map(started));
    const followed = Promise.all((step.follows ?? []).map(started));
    result = Promise.all([needed, followed]).then(([needs]) => {
      if (needs.every(Boolean)) return run(step);
      print(
        `── ${step.name}: not run (${(step.needs ?? [])
          .filter((_, i) => !needs[i])
          .map((n) => n.name)
          .join(', ')} failed)\n`,
      );
      return false;
    });
    runs.set(step, result);
  }
  return result;
}

const startedAt = Date.now();
const passed = (await Promise.all(steps.map(started))).every(Boolean);
const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
process.stdout.write(passed ? `npm test: every suite passed in ${minutes} min\n` : `npm test: failed after ${minutes} min\n`);
process.exitCode = passed ? 0 : 1;
