import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a build makes the browser fetch before its first screen works: the entry script, the scripts it preloads and
 * the stylesheets index.html links, each measured raw and gzipped (level 9, as served: build/precompress.ts).
 */
export function initialBundleBytes(distDir: string): { js: number; css: number; gzip: number; files: string[] } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const base = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1]?.replace(/assets\/.*$/, '') ?? '/';
  const urls = [
    ...[...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
  ];
  const files = [...new Set(urls)].map((url) => url.slice(base.length));
  let js = 0;
  let css = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(distDir, file));
    if (file.endsWith('.css')) css += body.length;
    else js += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { js, css, gzip, files };
}
