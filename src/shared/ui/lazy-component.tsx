import { lazy, type ComponentType } from 'react';

/** Spec §8: a lazily loaded part that fails shows the status bar, with the detail on staging only. */
export function LazyFailure({ error }: { error: unknown }) {
  const detail = import.meta.env.MODE === 'staging' && error instanceof Error ? `: ${error.message}` : '';
  return (
    <>
      <div className="kv-inline-error" role="alert">
        <p>Не удалось загрузить раздел. Проверьте соединение и обновите страницу.</p>
      </div>
      <div className="kv-status-bar" role="status">
        Проблема загрузки компонента{detail}
      </div>
    </>
  );
}

/**
 * React.lazy for a component a slice keeps in its own chunk (a modal, a drawer view): the slice's index exports this,
 * so importers keep going through the index while the code arrives only when the part is first shown. Render it
 * inside a Suspense boundary; a chunk that fails to load renders LazyFailure.
 */
export function lazyComponent<M, P extends object = Record<string, never>>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  return lazy<ComponentType<P>>(() =>
    load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => ({ default: () => <LazyFailure error={error} /> }),
    ),
  );
}
