import type { ComponentType } from 'react';
import { loadChunk, retryableFailure } from '@/shared/ui';

/** A page whose code loads on demand: react-router's `lazy` (navigation waits for it) and the chunk's source module. */
export interface LazyPage {
  lazy: () => Promise<{ Component: ComponentType }>;
  /** The page slice's entry as the build's manifest names it, e.g. `src/pages/apart/index.ts`: the server links its chunk. */
  source: string;
}

/**
 * A page slice that exports a named component (`named`: the export's name, or what picks it). Its chunk is tried again
 * twice before failing; then the page's place says so with «Повторить».
 */
export function lazyPage<M>(slice: string, load: () => Promise<M>, named: keyof M | ((module: M) => ComponentType)): LazyPage {
  const pick = typeof named === 'function' ? named : (module: M) => module[named] as ComponentType;
  return {
    lazy: () =>
      loadChunk(load).then(
        (module) => ({ Component: pick(module) }),
        (error: unknown) => ({ Component: retryableFailure<M, object>(error, load, pick) }),
      ),
    source: `src/pages/${slice}/index.ts`,
  };
}
