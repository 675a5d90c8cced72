import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder, found by walking up to the nearest package.json. The server runs both from its sources
 * (tsx in development and tests: server/…) and bundled (`node dist/node/main.js`), so files it reads at run time —
 * migrations, reference data, the built front ends — are named from here, never relative to the module itself.
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`package.json не найден выше ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, e.g. `projectPath('server/db/migrations')`. */
export function projectPath(...parts: string[]): string {
  return join(PROJECT_ROOT, ...parts);
}
