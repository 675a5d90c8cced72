import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import effector from 'eslint-plugin-effector';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * Every boundary rule of eslint.config.js fails on a planted violation, and the
 * same code written the allowed way passes: a rule that silently stops firing
 * (a renamed option, a resolver that no longer finds `@/`) fails here.
 */

const root = join(import.meta.dirname, '../..');

// The planted files do not exist, so the TypeScript project cannot type them;
// the rules under test need no types, the type-aware ones are switched off.
const untypedRules = Object.fromEntries(Object.keys(effector.rules).map((name) => [`effector/${name}`, 'off' as const]));
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: join(root, 'eslint.config.js'),
  ignore: false,
  overrideConfig: [{ ...tseslint.configs.disableTypeChecked, files: ['**/*.{ts,tsx}'] }, { rules: untypedRules }],
});

async function lint(filePath: string, code: string): Promise<Array<{ ruleId: string | null; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

/** Real slices of a layer, so the planted imports resolve whatever the slices are called today. */
function slices(layer: string): string[] {
  const dir = join(root, 'src', layer);
  return readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
}
const aFeature = slices('features')[0]!;
const anEntity = slices('entities')[0]!;
/** A file inside the entity other than its index: what a deep import would reach. */
const entityInternal = (() => {
  const walk = (dir: string): string | undefined => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        const found = walk(path);
        if (found) return found;
      } else if (/\.tsx?$/.test(name) && !/^index\.tsx?$/.test(name)) return path;
    }
    return undefined;
  };
  const file = walk(join(root, 'src/entities', anEntity))!;
  return file.slice(join(root, 'src/entities', anEntity).length + 1).replace(/\.tsx?$/, '');
})();

describe('planted violations fail lint', () => {
  it('an upward import: an entity importing a feature', async () => {
    const messages = await lint(
      'src/entities/planted/model.ts',
      `import * as feature from '@/features/${aFeature}';\nexport const planted = feature;\n`,
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('only downward') }),
    );
  });

  it('a cross-slice import on one layer: a feature importing another feature', async () => {
    const messages = await lint(
      'src/features/planted/model.ts',
      `import * as feature from '@/features/${aFeature}';\nexport const planted = feature;\n`,
    );
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: 'boundaries/dependencies' }));
  });

  it('a deep import into another slice, bypassing its index.ts', async () => {
    const messages = await lint(
      'src/features/planted/model.ts',
      `import * as deep from '@/entities/${anEntity}/${entityInternal}';\nexport const planted = deep;\n`,
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('public API') }),
    );
  });

  it('another slice reached by a relative path instead of the @/ alias', async () => {
    const messages = await lint(
      'src/features/planted/model.ts',
      `import * as entity from '../../entities/${anEntity}';\nexport const planted = entity;\n`,
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: '@typescript-eslint/no-restricted-imports', message: expect.stringContaining('`@/` alias') }),
    );
  });

  it('the Telegram SDK imported in src/', async () => {
    const messages = await lint(
      'src/features/planted/model.ts',
      "import { init } from '@tma.js/sdk-react';\nexport const planted = init;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: '@typescript-eslint/no-restricted-imports', message: expect.stringContaining('platform/miniapp') }),
    );
  });

  it('Telegram UI imported in src/ (it reaches the app only through the platform seam)', async () => {
    const messages = await lint(
      'src/widgets/planted/ui.tsx',
      "import { Cell } from '@telegram-apps/telegram-ui';\nexport const planted = Cell;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: '@typescript-eslint/no-restricted-imports', message: expect.stringContaining('platform/miniapp') }),
    );
  });

  it('the Telegram SDK imported in the website platform', async () => {
    const messages = await lint('platform/browser/planted.ts', "import { init } from '@tma.js/sdk-react';\nexport const planted = init;\n");
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: '@typescript-eslint/no-restricted-imports' }));
  });

  it('server/ importing src/ by a relative path', async () => {
    const messages = await lint(
      'server/planted/service.ts',
      "import type { TokenPayload } from '../../src/shared/api';\nexport type Planted = TokenPayload;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({
        ruleId: '@typescript-eslint/no-restricted-imports',
        message: expect.stringContaining('server/ never imports the client'),
      }),
    );
  });

  it('server/ importing src/ through the @/ alias', async () => {
    const messages = await lint(
      'server/planted/service.ts',
      "import type { TokenPayload } from '@/shared/api';\nexport type Planted = TokenPayload;\n",
    );
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: '@typescript-eslint/no-restricted-imports' }));
  });

  it('a domain module importing the HTTP layer (http/)', async () => {
    const messages = await lint(
      'server/subscription/planted.ts',
      "import { HttpError } from '../http/errors';\nexport const planted = new HttpError(400, 'planted');\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('never imports the HTTP layer') }),
    );
  });

  it('a row type asserted onto a raw query in server/', async () => {
    const messages = await lint(
      'server/favourites/planted.ts',
      "import type { Queryable } from '../core/database';\nexport const planted = (db: Queryable) => db.query<{ id: number }>('SELECT 1 AS id');\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'no-restricted-syntax', message: expect.stringContaining('A row type asserted onto raw SQL') }),
    );
  });

  it("a domain module importing a route (a capability's routes.ts)", async () => {
    const messages = await lint(
      'server/selection/planted.ts',
      "import * as routes from '../catalog/routes';\nexport const planted = routes;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('never imports the HTTP layer') }),
    );
  });

  it("a capability importing another's job definitions (jobs.ts is transport by file name, whatever its folder)", async () => {
    const messages = await lint('server/lira/planted.ts', "import * as jobs from '../favourites/jobs';\nexport const planted = jobs;\n");
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('never imports the HTTP layer') }),
    );
  });

  it('server/core importing a domain module', async () => {
    const messages = await lint(
      'server/core/planted.ts',
      "import type { CatalogueMemory } from '../catalog/memory';\nexport type Planted = CatalogueMemory;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({
        ruleId: '@typescript-eslint/no-restricted-imports',
        message: expect.stringContaining('server/core/ imports nothing but core'),
      }),
    );
  });

  it('the catalogue importing the ranking (the cycle between them)', async () => {
    const messages = await lint(
      'server/catalog/planted.ts',
      "import type { Engine } from '../ranking/engine';\nexport type Planted = Engine;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('never imports the ranking') }),
    );
  });

  it('a production module importing a development stand-in (server/dev/)', async () => {
    const messages = await lint(
      'server/subscription/planted.ts',
      "import { cardStandIn } from '../dev/cloudpayments/fake';\nexport const planted = cardStandIn;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({
        ruleId: 'boundaries/dependencies',
        message: expect.stringContaining('never imports server/dev/ or server/demo/'),
      }),
    );
  });

  it('the catalogue importing the demo generator (server/demo/)', async () => {
    const messages = await lint(
      'server/catalog/planted.ts',
      "import { generateCatalogue } from '../demo/generator/generate';\nexport const planted = generateCatalogue;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({
        ruleId: 'boundaries/dependencies',
        message: expect.stringContaining('never imports server/dev/ or server/demo/'),
      }),
    );
  });

  it('the transport importing the developer tools (a route registering the stand-in itself)', async () => {
    const messages = await lint('server/lira/routes.ts', "import { OfflineBot } from '../dev';\nexport const planted = OfflineBot;\n");
    expect(messages).toContainEqual(
      expect.objectContaining({
        ruleId: 'boundaries/dependencies',
        message: expect.stringContaining('never imports server/dev/ or server/demo/'),
      }),
    );
  });

  it('a capability importing the composition (a floor up: app.ts)', async () => {
    const messages = await lint('server/lira/planted.ts', "import { buildApp } from '../app';\nexport const planted = buildApp;\n");
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('its own floor or lower') }),
    );
  });

  it('the ground (infra/) importing a capability', async () => {
    const messages = await lint(
      'server/infra/planted.ts',
      "import { forgetCachedUsers } from '../auth/users';\nexport const planted = forgetCachedUsers;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('its own floor or lower') }),
    );
  });

  it('the catalogue importing a capability, outside the listed exceptions', async () => {
    const messages = await lint(
      'server/catalog/planted.ts',
      "import { feedOffers } from '../feeds/schema';\nexport const planted = feedOffers;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('its own floor or lower') }),
    );
  });

  it('a capability importing the bot’s update handlers (transport)', async () => {
    const messages = await lint(
      'server/lira/planted.ts',
      "import { handleStart } from '../bot/start';\nexport const planted = handleStart;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('nor any transport') }),
    );
  });

  it('auth/ importing another module (the sign-in merge is a registry the modules add to)', async () => {
    const messages = await lint(
      'server/auth/planted.ts',
      "import { mergeReactions } from '../selection/repository/reactions';\nexport const planted = mergeReactions;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('auth/ knows no other module') }),
    );
  });

  it('a domain module importing Fastify (its request or reply types)', async () => {
    const messages = await lint(
      'server/auth/planted.ts',
      "import type { FastifyRequest } from 'fastify';\nexport const planted = (request: FastifyRequest) => request.ip;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({
        ruleId: '@typescript-eslint/no-restricted-imports',
        message: expect.stringContaining('never imports Fastify'),
      }),
    );
  });

  it("a domain module reaching for another capability's plugin (it takes the narrow things it uses)", async () => {
    const messages = await lint(
      'server/selection/planted.ts',
      "import { cataloguePlugin } from '../catalog/plugin';\nexport const planted = cataloguePlugin;\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'boundaries/dependencies', message: expect.stringContaining('never imports the HTTP layer') }),
    );
  });

  it('zod imported as a value in src/ (the client bundle must not carry it)', async () => {
    const messages = await lint('src/shared/lib/planted.ts', "import { z } from 'zod';\nexport const planted = z.string();\n");
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: '@typescript-eslint/no-restricted-imports', message: expect.stringContaining('zod') }),
    );
  });

  it('contract/ importing the client', async () => {
    const messages = await lint('contract/planted.ts', "import type { City } from '@/shared/api';\nexport type Planted = City;\n");
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: '@typescript-eslint/no-restricted-imports', message: expect.stringContaining('contract/') }),
    );
  });

  it('document.cookie outside platform/', async () => {
    const messages = await lint('src/shared/lib/planted.ts', 'export const planted = (): string => document.cookie;\n');
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'no-restricted-syntax', message: expect.stringContaining('platform/') }),
    );
  });

  it('an import cycle', async () => {
    const file = 'tests/lint/fixtures/value-cycle/first.ts';
    const messages = await lint(file, readFileSync(join(root, file), 'utf8'));
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: 'import-x/no-cycle' }));
  });

  it('a type-only import cycle (the cycle check of npm run lint, madge)', async () => {
    const run = promisify(execFile)(
      process.execPath,
      [join(root, 'node_modules/madge/bin/cli.js'), '--circular', '--no-spinner', 'tests/lint/fixtures/type-cycle'],
      {
        cwd: root,
      },
    );
    const failure = await run.then(
      () => null,
      (error: { code?: number; stdout?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toMatch(/fill\.ts > .*shape\.ts|shape\.ts > .*fill\.ts/);
  });
});

describe('the same code written the allowed way passes', () => {
  it('a feature importing an entity and shared code through their public paths', async () => {
    const code = `import * as entity from '@/entities/${anEntity}';\nimport { formatNumber } from '@/shared/lib';\nexport const planted = [entity, formatNumber];\n`;
    expect(await lint('src/features/planted/model.ts', code)).toEqual([]);
  });

  it('a slice importing its own files relatively', async () => {
    const code = `import * as own from './${entityInternal}';\nexport const planted = own;\n`;
    expect(await lint(`src/entities/${anEntity}/planted.ts`, code)).toEqual([]);
  });

  it('the Telegram SDK in platform/miniapp', async () => {
    expect(await lint('platform/miniapp/planted.ts', "import { init } from '@tma.js/sdk-react';\nexport const planted = init;\n")).toEqual(
      [],
    );
  });

  it('server/ importing the contract package', async () => {
    expect(await lint('server/planted/service.ts', "import type { City } from '@kvarta/contract';\nexport type Planted = City;\n")).toEqual(
      [],
    );
  });

  it('a domain module importing core, and the HTTP layer importing a domain module', async () => {
    const domain =
      "import { badRequest } from '../core/errors';\nimport type { Queryable } from '../core/database';\nexport const planted = (db: Queryable) => [db, badRequest('x')];\n";
    expect(await lint('server/subscription/planted.ts', domain)).toEqual([]);
    const http =
      "import { statusOf } from '../http/errors';\nimport { PriceList } from '../subscription/price-list';\nexport const planted = [statusOf, PriceList];\n";
    expect(await lint('server/http/planted.ts', http)).toEqual([]);
  });

  it("a capability's plugin.ts importing Fastify and the HTTP layer (the transport floor, by file name)", async () => {
    const code = "import fp from 'fastify-plugin';\nimport { route } from '../http/route';\nexport const planted = [fp, route];\n";
    expect(await lint('server/subscription/plugin.ts', code)).toEqual([]);
  });

  it('the ranking importing the catalogue', async () => {
    const code = "import type { CatalogueMemory } from '../catalog/memory';\nexport type Planted = CatalogueMemory;\n";
    expect(await lint('server/ranking/planted.ts', code)).toEqual([]);
  });

  it('the composition loading the demo and the developer tools; those importing production floors', async () => {
    const composition =
      "import { ensureDemoCatalogue } from './demo';\nimport { OfflineBot } from './dev';\nexport const planted = [ensureDemoCatalogue, OfflineBot];\n";
    expect(await lint('server/bootstrap.ts', composition)).toEqual([]);
    const dev =
      "import { HttpError } from '../http/errors';\nimport { PriceList } from '../subscription/price-list';\nexport const planted = [HttpError, PriceList];\n";
    expect(await lint('server/dev/planted.ts', dev)).toEqual([]);
  });

  it('a capability importing the ground and the catalogue; a listed exception', async () => {
    const code =
      "import { CatalogueMemory } from '../catalog/memory';\nimport type { BotGateway } from '../infra/bot-gateway';\nexport const planted = CatalogueMemory;\nexport type Planted = BotGateway;\n";
    expect(await lint('server/lira/planted.ts', code)).toEqual([]);
    const exception = "import { feedImages } from '../feeds/schema';\nexport const planted = feedImages;\n";
    expect(await lint('server/catalog/repository/listings.ts', exception)).toEqual([]);
  });

  it('a zod type imported in src/', async () => {
    expect(await lint('src/shared/lib/planted.ts', "import type { ZodType } from 'zod';\nexport type Planted = ZodType;\n")).toEqual([]);
  });

  it('document.cookie in platform/', async () => {
    expect(await lint('platform/browser/planted.ts', 'export const planted = (): string => document.cookie;\n')).toEqual([]);
  });
});
