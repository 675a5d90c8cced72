import { readFileSync } from 'node:fs';

/** A small catalogue keeps the test database quick to build. */
export const TEST_CATALOGUE_SIZE = 4_000;

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a prepared PGlite data directory (tests/server/global-setup.ts): demo catalogue and promocodes. */
    pgliteImage: string;
    /** A prepared PostgreSQL database to copy with `CREATE DATABASE … TEMPLATE`, where TEST_DATABASE_URL is set. */
    postgresTemplate: string | null;
  }
}

/** The prepared PGlite image, read once per test file. */
let image: Blob | undefined;
export function pgliteImage(path: string): Blob {
  return (image ??= new Blob([readFileSync(path)]));
}
