/**
 * `npm run lint`: every static check, with one type-aware pass. TypeScript builds the project's program once; its
 * errors are reported (what `tsc --noEmit` says) and ESLint's type-aware rules read that same program instead of
 * building their own. The checks that need no types (import cycles, unused files and exports, formatting) run beside
 * it in child processes, so a machine with two cores uses both.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

/** The checks without types, each a command that fails with a non-zero exit code. */
const BESIDE: Array<[name: string, command: string, args: string[]]> = [
  // Type-only import cycles, which ESLint's import-x/no-cycle does not see (package.json's lint:cycles).
  ['madge', 'npm', ['run', '--silent', 'lint:cycles']],
  ['knip', bin('knip'), ['--no-progress']],
  ['prettier', bin('prettier'), ['--check', '.']],
];

/**
 * Starts every check at once: the type pass below keeps this process's event loop busy for long stretches, so a
 * check started only when the previous one ends would wait for it. Their output is printed whole at the end.
 */
async function besideChecks(): Promise<string[]> {
  const runs = BESIDE.map(
    ([name, command, args]) =>
      new Promise<{ name: string; code: number | null; output: string }>((resolve) => {
        const output: Buffer[] = [];
        const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
        child.on('close', (code) => resolve({ name, code, output: Buffer.concat(output).toString() }));
      }),
  );
  const failed: string[] = [];
  for (const { name, code, output } of await Promise.all(runs)) {
    process.stdout.write(`── ${name}\n${output}`);
    if (code !== 0) failed.push(name);
  }
  return failed;
}

function typeProgram(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error('tsconfig.json could not be read');
  return ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, noEmit: true } });
}

async function typePass(): Promise<string[]> {
  const failed: string[] = [];
  const program = typeProgram();
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    process.stdout.write(
      ts.formatDiagnosticsWithColorAndContext(diagnostics, {
        getCanonicalFileName: (name) => name,
        getCurrentDirectory: () => root,
        getNewLine: () => '\n',
      }),
    );
    failed.push('tsc');
  }
  const eslint = new ESLint({
    cwd: root,
    // The type-aware rules get the program built above (eslint.config.js asks for a project service otherwise).
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { programs: [program], projectService: false } } }],
  });
  const results = await eslint.lintFiles(['.']);
  const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
  const formatter = await eslint.loadFormatter('stylish');
  process.stdout.write(`── tsc + eslint\n${await formatter.format(results)}`);
  // Like `eslint --max-warnings 0`: a warning fails too.
  if (problems > 0) failed.push('eslint');
  return failed;
}

// The children start first: the type pass then holds the event loop until its first await.
const beside = besideChecks();
const failed = [...(await typePass()), ...(await beside)];
if (failed.length > 0) {
  process.stdout.write(`lint failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write('lint: types, eslint, madge, knip and prettier all pass\n');
}
