import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images, video and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `name.br` (brotli, best) and `name.gz` (gzip -9) next to each compressible file, where they are smaller. */
export function precompressDir(dir: string): { files: number; saved: number } {
  let files = 0;
  let saved = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const variants: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      ],
      ['.gz', gzipSync(raw, { level: 9 })],
    ];
    for (const [suffix, body] of variants) {
      if (body.length >= raw.length) continue;
      writeFileSync(file + suffix, body);
      files += 1;
      saved += raw.length - body.length;
    }
  }
  return { files, saved };
}

/**
 * Precompressed brotli and gzip copies of every built asset (the public folder's too), made once at build time so
 * the server sends them as they are instead of compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kvarta:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
