import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import type { UserConfig } from 'vite';
import { MINIAPP_BASE } from './contract/ssr';

/** Which front end a build produces; each picks its own platform implementation. */
export type BuildTarget = 'web' | 'miniapp';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * One config for both builds. Only `base`, `outDir` and the `@platform/impl`
 * alias differ, so the website bundle never contains the Telegram SDK.
 */
export function createViteConfig(target: BuildTarget, options: { precompress?: boolean } = {}): UserConfig {
  const isMiniApp = target === 'miniapp';
  return {
    root,
    base: isMiniApp ? MINIAPP_BASE : '/',
    publicDir: 'public',
    plugins: [
      react({ babel: { plugins: [['effector/babel-plugin', { addLoc: false }]] } }),
      ...(options.precompress === false ? [] : [precompress()]),
    ],
    define: {
      __BUILD_TARGET__: JSON.stringify(target),
    },
    resolve: {
      alias: [
        { find: '@platform/impl', replacement: `${root}platform/${isMiniApp ? 'miniapp' : 'browser'}/index.ts` },
        { find: '@platform', replacement: `${root}platform/index.ts` },
        { find: /^@kvarta\/contract$/, replacement: `${root}contract/index.ts` },
        { find: /^@kvarta\/contract\/(.+)$/, replacement: `${root}contract/$1.ts` },
        { find: /^@\//, replacement: `${root}src/` },
        // react-router's package points every condition at its development build (its own Vite plugin swaps in the
        // production one); without that plugin the swap is made here, so no warnings or dev checks ship.
        { find: /^react-router$/, replacement: `${root}node_modules/react-router/dist/production/index.mjs` },
        { find: /^react-router\/dom$/, replacement: `${root}node_modules/react-router/dist/production/dom-export.mjs` },
        { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
        { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: `${root}build/use-sync-external-store.ts` },
      ],
    },
    build: {
      outDir: isMiniApp ? 'dist/miniapp' : 'dist/web',
      emptyOutDir: true,
      // Maps only for profiling (bench/profile-entry.ts): `BUILD_SOURCEMAP=hidden npm run build` writes them without
      // pointing the scripts at them.
      sourcemap: process.env.BUILD_SOURCEMAP === 'hidden' ? 'hidden' : false,
      // Terser with two passes packs the first screen about 3 % smaller than the default (esbuild) minifier.
      minify: 'terser',
      terserOptions: { ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } },
      // The server reads it to link a server-rendered page's own chunk and stylesheets (server/http/build-manifest.ts).
      manifest: true,
      chunkSizeWarningLimit: 900,
    },
    server: {
      proxy: {
        '/api': 'http://localhost:8080',
        '/passport': 'http://localhost:8080',
        '/bot-api': 'http://localhost:8080',
      },
    },
  };
}
