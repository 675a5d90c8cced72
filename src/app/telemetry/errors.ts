import type { ClientConfig } from '@kvarta/contract/client-config';
import { setErrorReporter } from '@/shared/lib';
import type { ErrorScope } from './sentry';

/** After the page has loaded and the browser is idle: the tracker's code never competes with the first screen. */
function whenIdle(run: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 3_000 }) : setTimeout(run, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Browser errors to the error tracker when the server handed the page a DSN (client-config `errors`); otherwise this
 * does nothing at all — the SDK's chunk is not even requested. Errors that happen before the SDK arrives are kept and
 * sent once it has.
 */
export function startErrorReports(config: ClientConfig['errors'], scope: ErrorScope): void {
  if (!config) return;
  const early: unknown[] = [];
  const keep = (error: unknown) => {
    if (early.length < 10) early.push(error);
  };
  const onError = (event: ErrorEvent) => keep(event.error ?? new Error(event.message));
  const onRejection = (event: PromiseRejectionEvent) => keep(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  setErrorReporter(keep);
  whenIdle(() => {
    import('./sentry')
      .then(({ startSentry }) => {
        window.removeEventListener('error', onError);
        window.removeEventListener('unhandledrejection', onRejection);
        const capture = startSentry(config, scope);
        for (const error of early.splice(0)) capture(error);
        setErrorReporter(capture);
      })
      .catch(() => undefined);
  });
}
