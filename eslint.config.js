// @ts-check
/**
 * The codebase's boundaries, enforced by the linter instead of by memory.
 * Every rule here has a planted violation in tests/lint/lint-rules.test.ts
 * that must keep failing; change both together.
 */
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import effector from 'eslint-plugin-effector';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Feature-Sliced layers, highest first: a layer imports only the ones after it. */
const LAYERS = ['app', 'pages', 'widgets', 'features', 'entities', 'shared'];
/** Layers split into slices; a slice is reached only through its index.ts. */
const SLICED_LAYERS = ['pages', 'widgets', 'features', 'entities'];

/** @param {string} layer */
const layersBelow = (layer) => LAYERS.slice(LAYERS.indexOf(layer) + 1);

// ESLint keeps one option set per rule and file, so each group of files gets
// all of its import restrictions in one list instead of overriding the other.
const TMA_SDK = {
  group: ['@tma.js/*', '@telegram-apps/*'],
  message: 'The Telegram SDK and Telegram UI are imported only in platform/miniapp/ (the website bundle must not contain them).',
};
const RELATIVE_INTO_LAYER = {
  regex: `^(\\.\\./)+(${LAYERS.join('|')})(/|$)`,
  message: 'Another slice or layer is imported through the `@/` alias (`@/layer/slice`), not a relative path.',
};
const SERVER_TO_CLIENT = [
  {
    regex: '^(\\.\\./)+(src|platform)(/|$)',
    message: 'server/ never imports the client (src/, platform/); shared types live in the contract package.',
  },
  { regex: '^@/', message: 'server/ never imports the client (src/); shared types live in the contract package.' },
  { regex: '^@platform(/|$)', message: 'server/ never imports platform/.' },
];
const ZOD_VALUES = {
  group: ['zod', 'zod/*'],
  allowTypeImports: true,
  message: 'The client bundle carries no zod: import the contract’s types (`import type`), not its schemas.',
};
const CONTRACT_TO_APP = [
  {
    regex: '^(\\.\\./)+(src|server|platform)(/|$)',
    message: 'contract/ is shared by the client and the server: it imports neither (nor platform/).',
  },
  { regex: '^@/', message: 'contract/ is shared by the client and the server: it imports neither.' },
  { regex: '^@platform(/|$)', message: 'contract/ imports nothing from platform/.' },
];
const CLIENT_TO_SERVER = {
  regex: '^(\\.\\./)+server(/|$)',
  message: 'The client never imports server/ code; shared types live in the contract package.',
};

/**
 * server/'s floors, highest first: a file imports its own floor or the ones below, never above. The composition
 * (server/*.ts: main, app, bootstrap, settings; db/schema.ts gathers every module's tables for drizzle-kit) registers
 * the rest; transport speaks HTTP, Telegram updates and jobs; the capabilities hold the rules of the product; the
 * ranking reads the catalogue; core, db, infra and lib are the ground. dev/ (stand-ins, developer routes) and
 * demo/ (the generated catalogue) sit apart: only the composition loads them, and only when their settings are on.
 */
const SERVER_FLOORS = ['server-app', 'server-transport', 'server-capability', 'server-ranking', 'server-catalogue', 'server-base'];
/** The first matching descriptor wins, deepest folder first. */
const SERVER_ELEMENTS = [
  { type: 'server-dev', pattern: 'server/{dev,demo}', partialMatch: false },
  { type: 'server-base', pattern: 'server/core', partialMatch: false },
  { type: 'server-base', pattern: 'server/{db,infra,lib}', partialMatch: false },
  { type: 'server-transport', pattern: 'server/{http,jobs,bot}', partialMatch: false },
  { type: 'server-ranking', pattern: 'server/ranking', partialMatch: false },
  { type: 'server-catalogue', pattern: 'server/catalog', partialMatch: false },
  { type: 'server-capability', pattern: 'server/*', capture: ['module'], partialMatch: false },
  { type: 'server-root', pattern: 'server', partialMatch: false },
];
/** Files directly in server/ and the one file of db/ that belong to another floor than their folder. */
const SERVER_APP_FILES = ['**/server/{app,main,bootstrap,migrate,instance-sync,config,merge-plan}.ts', '**/server/db/schema.ts'];
const SERVER_ROOT_BASE = '**/server/{project-root,secret-strength}.ts';
/**
 * A capability's transport files, told apart by name: its Fastify plugin (plugin.ts), its endpoints (routes.ts, or
 * <name>-routes.ts beside them) and its job definitions (jobs.ts) sit on the transport floor whatever folder they
 * are in; index.ts, service.ts, repository.ts and schema.ts stay on the capability's own floor.
 */
const SERVER_TRANSPORT_FILES = '**/server/**/{plugin,routes,jobs,*-routes}.ts';
/** The production folders whose transport files are lifted by name (dev/ and demo/ stay apart). */
const SERVER_NAMED_FLOORS = ['server-capability', 'server-ranking', 'server-catalogue', 'server-base'];
/** Upward imports that stay, each with why; every other one fails lint. */
const SERVER_UPWARD_EXCEPTIONS = [
  {
    from: '**/server/catalog/{complex-page,repository/apartments,repository/listings}.ts',
    to: '**/server/feeds/schema.ts',
    why: 'The catalogue reads the rows a feed import writes beside its listings (offers, price history, photos).',
  },
];
/** @param {string} floor */
const serverFloorsBelow = (floor) => SERVER_FLOORS.slice(SERVER_FLOORS.indexOf(floor) + 1);
/**
 * The entity selectors of one floor: its folders, and the files that sit on it by name.
 * @param {string} floor
 */
const serverFloor = (floor) => {
  if (floor === 'server-app')
    return [
      { element: { type: 'server-root' }, file: { path: SERVER_APP_FILES[0] } },
      { element: { type: 'server-base' }, file: { path: SERVER_APP_FILES[1] } },
    ];
  if (floor === 'server-transport')
    return [
      { element: { type: floor } },
      ...SERVER_NAMED_FLOORS.map((type) => ({ element: { type }, file: { path: SERVER_TRANSPORT_FILES } })),
    ];
  if (floor === 'server-base')
    return [
      { element: { type: floor }, file: { path: `!{${SERVER_APP_FILES[1]},${SERVER_TRANSPORT_FILES}}` } },
      { element: { type: 'server-root' }, file: { path: SERVER_ROOT_BASE } },
    ];
  return [{ element: { type: floor }, file: { path: `!${SERVER_TRANSPORT_FILES}` } }];
};
/** Below the composition: every floor but the first. */
const SERVER_PRODUCTION = SERVER_FLOORS.slice(1).flatMap(serverFloor);
const SERVER_FLOOR_POLICIES = SERVER_FLOORS.map((floor) => ({
  from: serverFloor(floor),
  allow: { to: [floor, ...serverFloorsBelow(floor)].flatMap(serverFloor) },
}));
const FASTIFY_IN_DOMAIN = {
  group: ['fastify', 'fastify-plugin', '@fastify/*'],
  message:
    "A domain module never imports Fastify: it takes plain values (a repository, a clock, the engine); requests and replies stay in the transport (http/, bot/, jobs/, and each capability's plugin.ts, routes.ts, jobs.ts).",
};
/** Everything below the transport floor: the capabilities, the ranking, the catalogue and the ground. */
const SERVER_DOMAIN_FILES = [
  'server/{auth,callback,content,favourites,feeds,lira,mortgage,privacy,search,selection,seo,subscription,ops,catalog,ranking,infra,db,lib}/**/*.ts',
];
const OUT_OF_CORE = {
  regex: '^\\.\\./',
  message:
    'server/core/ imports nothing but core (and packages): the database interfaces, the model and the errors sit below every other layer.',
};

/** @param {Array<Record<string, unknown>>} patterns */
const restrictImports = (patterns) => ['error', { patterns }];

const DOCUMENT_COOKIE = {
  selector: "MemberExpression[object.name='document'][property.name='cookie']",
  message: 'Cookies are read and written only in platform/ (the Mini App has none; the platform decides where the token lives).',
};

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'public/**',
      'server/db/migrations/**',
      // Planted violations, linted one by one by tests/lint with `ignore: false`.
      'tests/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: root,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads TypeScript modules only when told to (its default is plain JS).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // A `let` that a closure reads before its one assignment must stay `let` (a `const` there is a TDZ error).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `async` without `await` is how a function promises to return a promise
      // (Fastify handlers, platform methods, effect handlers): not a mistake.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-restricted-imports': restrictImports([TMA_SDK]),
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      // Tests read JSON answers and spy on methods; the assertions check the shapes.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      // The error pages are tested with whatever a loader may throw, not only Errors.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },

  // The API reference page's start-up script runs in the browser.
  {
    files: ['server/http/api-docs/**/*.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly' } },
  },

  // Import cycles anywhere in the application code.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'platform/**/*.{ts,tsx}', 'contract/**/*.ts', 'tests/lint/fixtures/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },

  // The client: React hooks, effector, Feature-Sliced layers.
  {
    files: ['src/**/*.{ts,tsx}', 'platform/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The two classic rules; the React Compiler's rules (purity, refs,
    // set-state-in-effect…) are for code compiled by it, which this is not.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'platform/**/*.{ts,tsx}'],
    ...effector.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}', 'platform/**/*.{ts,tsx}'],
    ...effector.flatConfigs.scope,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: `${root}/tsconfig.json` } },
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        ...SLICED_LAYERS.map((layer) => ({ type: layer, pattern: `src/${layer}/*`, capture: ['slice'] })),
        { type: 'app', pattern: 'src/app' },
        { type: 'shared', pattern: 'src/shared' },
      ],
    },
    rules: {
      // Downward only; on one layer only inside the slice (entities may use
      // each other through the index, the `@x` concession of Feature-Sliced Design).
      // Another slice only through its public API, index.ts.
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'Layers import only downward (app → pages → widgets → features → entities → shared): {{ from.element.type }} may not import {{ dependency.source }}',
          policies: [
            ...LAYERS.map((layer) => ({
              from: { element: { type: layer } },
              allow: { to: { element: { type: layersBelow(layer) } } },
            })),
            {
              from: { element: { type: 'entities' } },
              allow: { to: { element: { type: 'entities' } } },
            },
            {
              disallow: { to: { element: { type: SLICED_LAYERS, fileInternalPath: '!index.{ts,tsx}' } } },
              message:
                'Another slice is imported through its public API, `@/{{ to.element.type }}/{{ to.element.captured.slice }}` (its index.ts), not {{ dependency.source }}',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', DOCUMENT_COOKIE],
      '@typescript-eslint/no-restricted-imports': restrictImports([TMA_SDK, ZOD_VALUES, RELATIVE_INTO_LAYER, CLIENT_TO_SERVER]),
    },
  },

  // platform/: the seam. Only in miniapp/ the SDK (and only here, not in src/, the cookie).
  {
    files: ['platform/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictImports([TMA_SDK, ZOD_VALUES, CLIENT_TO_SERVER]),
    },
  },
  {
    files: ['platform/miniapp/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictImports([ZOD_VALUES, CLIENT_TO_SERVER]) },
  },

  // bench/reference/: the phone-speed bench's reference Mini App (Telegram's template in miniature) is a bundle of its
  // own, built only by `npm run bench:web`; the SDK is what it measures, and no page of ours imports it.
  {
    files: ['bench/reference/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },

  // contract/: shared by both sides, so it imports neither.
  {
    files: ['contract/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictImports([TMA_SDK, ...CONTRACT_TO_APP]) },
  },

  // server/: never the client; rows typed from the schema (drizzle's builder on `db.orm`), never asserted onto raw SQL.
  {
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictImports([TMA_SDK, ...SERVER_TO_CLIENT]),
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query'][typeArguments]",
          message:
            'A row type asserted onto raw SQL: query through drizzle on `db.orm` (rows typed from the schema), in the module’s repository',
        },
      ],
    },
  },

  // server/'s layers: core (the database interfaces, the domain model, domain errors) imports nothing else of the
  // server; the domain modules never import the HTTP layer (http/, any routes.ts), which alone maps domain errors to
  // statuses; the catalogue never imports the ranking that reads it.
  {
    files: SERVER_DOMAIN_FILES,
    ignores: [SERVER_TRANSPORT_FILES],
    rules: { '@typescript-eslint/no-restricted-imports': restrictImports([TMA_SDK, ...SERVER_TO_CLIENT, FASTIFY_IN_DOMAIN]) },
  },
  {
    files: ['server/core/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictImports([TMA_SDK, ...SERVER_TO_CLIENT, FASTIFY_IN_DOMAIN, OUT_OF_CORE]) },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: `${root}/tsconfig.json` } },
      'boundaries/include': ['server/**/*'],
      'boundaries/elements': SERVER_ELEMENTS,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'server/ imports only its own floor or lower (composition → transport: http, jobs, bot, every plugin.ts, routes.ts, jobs.ts → capabilities → ranking → catalogue → core, db, infra, lib): {{ dependency.source }} is above this file',
          policies: [
            ...SERVER_FLOOR_POLICIES,
            { from: { element: { type: 'server-dev' } }, allow: { to: SERVER_PRODUCTION } },
            { from: serverFloor('server-app'), allow: { to: { element: { type: 'server-dev' } } } },
            ...SERVER_UPWARD_EXCEPTIONS.map(({ from, to }) => ({ from: { file: { path: from } }, allow: { to: { file: { path: to } } } })),
            {
              from: SERVER_NAMED_FLOORS.flatMap(serverFloor),
              disallow: { to: serverFloor('server-transport') },
              message:
                'A domain module never imports the HTTP layer nor any transport (http/, jobs/, bot/, a plugin.ts, routes.ts or jobs.ts): throw a DomainError (server/core/errors.ts), which http/ maps to a status; not {{ dependency.source }}',
            },
            {
              from: { element: { type: 'server-capability', captured: { module: 'auth' } }, file: { path: `!${SERVER_TRANSPORT_FILES}` } },
              disallow: {
                to: [
                  { element: { type: 'server-capability', captured: { module: '!auth' } } },
                  ...serverFloor('server-ranking'),
                  ...serverFloor('server-catalogue'),
                ],
              },
              message:
                'auth/ knows no other module: a module adds its tables to the sign-in merge (addToMergePlan, gathered in server/merge-plan.ts); not {{ dependency.source }}',
            },
            {
              from: { element: { type: 'server-catalogue' }, file: { path: `!${SERVER_TRANSPORT_FILES}` } },
              disallow: { to: { element: { type: 'server-ranking' } } },
              message: 'The catalogue never imports the ranking (ranking reads the catalogue, not the other way): {{ dependency.source }}',
            },
            {
              from: SERVER_PRODUCTION,
              disallow: { to: { element: { type: 'server-dev' } } },
              message:
                'Production code never imports server/dev/ or server/demo/: the composition (app.ts, bootstrap.ts) registers them only when their settings are on; not {{ dependency.source }}',
            },
          ],
        },
      ],
    },
  },
);
