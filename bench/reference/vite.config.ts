import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The reference page's production build (bench/reference/main.tsx): dist/bench-reference, served at `/`. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: { outDir: fileURLToPath(new URL('../../dist/bench-reference', import.meta.url)), emptyOutDir: true },
  logLevel: 'warn',
});
