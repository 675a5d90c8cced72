import { defineConfig } from 'vite';
import { createViteConfig } from './vite.shared';

// The server-rendering entry of the website: dist/server/entry-server.js, loaded by the server at run time
// (server/http/ssr.ts). Everything is bundled in, so the server needs neither src/ nor the Vite aliases.
// The server bundle is read from disk by the server, never sent: no compressed copies.
const web = createViteConfig('web', { precompress: false });
export default defineConfig({
  ...web,
  build: {
    ...web.build,
    outDir: 'dist/server',
    ssr: 'src/app/entry-server.tsx',
    copyPublicDir: false,
    manifest: false,
    minify: false,
    rollupOptions: { output: { entryFileNames: 'entry-server.js', inlineDynamicImports: true } },
  },
  ssr: { noExternal: true, target: 'node' },
});
