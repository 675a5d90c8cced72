import { lazy, type ComponentType } from 'react';
import { LazyFailure } from '@/shared/ui';

/** A lazily loaded page that can be loaded ahead of rendering (server rendering, hydration). */
export type LazyPage = ComponentType & {
  preload: () => Promise<void>;
  /** The page slice's entry as the build's manifest names it, e.g. `src/pages/apart/index.ts`. */
  source: string;
};

/**
 * React.lazy for a page slice that exports a named component; a failed chunk renders LazyFailure.
 * Once `preload` has resolved, the page renders the component directly instead of suspending: the server renders
 * the page's content (not the Suspense fallback) and the browser hydrates that same tree without waiting.
 */
export function lazyPage<M>(slice: string, load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => (loaded = () => <LazyFailure error={error} />),
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Page, { preload: () => preload().then(() => undefined), source: `src/pages/${slice}/index.ts` });
}
