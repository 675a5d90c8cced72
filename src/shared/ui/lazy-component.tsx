import { Suspense, lazy, useState, type ComponentType } from 'react';
import { reportError } from '../lib';
import { InlineError } from './inline-error';

/** Waits before each new attempt at a chunk: a phone's dropped request usually succeeds the next time. */
const CHUNK_RETRY_DELAYS_MS = [400, 1_500];

/** Loads a chunk, trying again twice (0.4 s, then 1.5 s later) before giving up; the whole wait stays under 3 s. */
export async function loadChunk<M>(load: () => Promise<M>, delays: readonly number[] = CHUNK_RETRY_DELAYS_MS): Promise<M> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= delays.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}

/**
 * Spec §8: a lazily loaded part that fails shows the status bar, with the detail on staging only — and, in its place,
 * what failed with «Повторить» (no dead end: the buyer need not know to reload).
 */
export function LazyFailure({ error, onRetry, retrying = false }: { error: unknown; onRetry?: () => void; retrying?: boolean }) {
  const detail = import.meta.env.MODE === 'staging' && error instanceof Error ? `: ${error.message}` : '';
  return (
    <>
      <InlineError
        text={retrying ? 'Загружаем раздел ещё раз…' : 'Не удалось загрузить раздел. Проверьте подключение к интернету.'}
        onRetry={retrying ? undefined : (onRetry ?? (() => window.location.reload()))}
      />
      <div className="kv-status-bar" role="status">
        Проблема загрузки компонента{detail}
      </div>
    </>
  );
}

/**
 * What stands in for a part whose chunk failed: «Повторить» loads it again and shows it in place; should the browser
 * keep refusing that module, the page is reloaded (a reload always fetches anew).
 */
export function retryableFailure<M, P extends object>(error: unknown, load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  reportError(error);
  return function FailedPart(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
    const [retrying, setRetrying] = useState(false);
    if (Loaded) return <Loaded {...props} />;
    const retry = () => {
      setRetrying(true);
      loadChunk(load, [400]).then(
        (module) => setLoaded(() => pick(module)),
        () => window.location.reload(),
      );
    };
    return <LazyFailure error={error} onRetry={retry} retrying={retrying} />;
  };
}

/** The props of a component type (what its lazy stand-in takes). */
type PropsOf<C> = C extends ComponentType<infer P> ? P & object : never;

/**
 * React.lazy for a component a slice keeps in its own chunk (a modal, a drawer view): the slice's index exports this,
 * so importers keep going through the index while the code arrives only when the part is first shown (`name`: the
 * module's export). Render it inside a Suspense boundary; a chunk that fails to load is tried again, then renders
 * LazyFailure with «Повторить».
 */
export function lazyComponent<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<PropsOf<M[K]>> {
  const pick = (module: M) => module[name] as ComponentType<PropsOf<M[K]>>;
  return lazy<ComponentType<PropsOf<M[K]>>>(() =>
    loadChunk(load).then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => ({ default: retryableFailure(error, load, pick) }),
    ),
  );
}

/**
 * An overlay kept in a chunk of its own (a menu, a banner, a drawer): nothing, and no request, until `shown` is first
 * true; then the chunk, with nothing drawn while it arrives. The host decides `shown` from its own store.
 */
export function lazyWhenShown<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): ComponentType<{ shown: boolean }> {
  // M's constraint says the part takes no props; TypeScript cannot carry that through lazyComponent's generic props.
  const Part = lazyComponent(load, name) as ComponentType;
  return function LazyWhenShown({ shown }: { shown: boolean }) {
    if (!shown) return null;
    return (
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    );
  };
}
