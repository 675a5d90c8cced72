import { lazy, type ComponentType } from 'react';

/** Spec §8: a lazily loaded screen that fails shows the status bar, with the detail on staging only. */
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

/** React.lazy for a page slice that exports a named component; a failed chunk renders LazyFailure. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy<ComponentType>(() =>
    load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => ({ default: () => <LazyFailure error={error} /> }),
    ),
  );
}
