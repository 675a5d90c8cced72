import type { AdfoxSlot } from '@kvarta/contract/client-config';
import { loadScript } from './load-script';

const ADFOX_SRC = 'https://yandex.ru/ads/system/context.js';

interface AdfoxCode {
  create(options: {
    ownerId: string;
    containerId: string;
    params: AdfoxSlot;
    onRender?: () => void;
    onStub?: () => void;
    onError?: (error: unknown) => void;
  }): void;
  destroy?(containerId: string): void;
}

declare global {
  interface Window {
    yaContextCb?: Array<() => void>;
    Ya?: { adfoxCode?: AdfoxCode };
  }
}

/**
 * Puts an AdFox block into the element with `containerId`, through context.js's own queue (`yaContextCb`), loading the
 * script on the first call. `shown(false)` when there is no ad or it failed, `shown(true)` once it has rendered.
 * Returns what takes the block down again (on unmount, or before re-creating it for the other theme).
 */
export function showAdfoxBlock(
  options: { ownerId: string; containerId: string; params: AdfoxSlot },
  shown: (rendered: boolean) => void,
): () => void {
  let active = true;
  const report = (rendered: boolean) => active && shown(rendered);
  window.yaContextCb ??= [];
  window.yaContextCb.push(() => {
    if (!active) return;
    window.Ya?.adfoxCode?.create({
      ...options,
      onRender: () => report(true),
      onStub: () => report(false),
      onError: () => report(false),
    });
  });
  loadScript(ADFOX_SRC).catch(() => report(false));
  return () => {
    active = false;
    window.Ya?.adfoxCode?.destroy?.(options.containerId);
  };
}
