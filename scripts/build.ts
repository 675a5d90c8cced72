/**
 * `npm run build`: the website, the Mini App and the server-rendering bundle are three independent Vite builds into
 * three folders of dist/, so they run at once (each is mostly one thread; a machine with two cores finishes sooner).
 * Each build's output is printed whole when it ends; any failure fails the build.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const CONFIGS = ['vite.config.ts', 'vite.miniapp.config.ts', 'vite.ssr.config.ts'];

const results = await Promise.all(
  CONFIGS.map(
    (config) =>
      new Promise<{ config: string; code: number | null; output: string }>((resolve) => {
        const output: Buffer[] = [];
        const child = spawn(join(root, 'node_modules/.bin/vite'), ['build', '--config', config], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
        child.on('close', (code) => resolve({ config, code, output: Buffer.concat(output).toString() }));
      }),
  ),
);
for (const { config, output } of results) process.stdout.write(`── vite build --config ${config}\n${output}`);
const failed = results.filter((r) => r.code !== 0).map((r) => r.config);
if (failed.length > 0) {
  process.stdout.write(`build failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
