import type { AdfoxSlot } from '@kvarta/contract/client-config';
import { loadScript } from './load-script';

const ADFOX_SRC = 'https://yandex.ru/ads/system/context.js';

/** What context.js hands `onLoad` with the creative it chose: the banner's own parameters among them. */
interface AdfoxLoadData {
  bundleName?: string;
  bundleParams?: Record<string, unknown>;
}

interface AdfoxCode {
  create(options: {
    ownerId: string;
    containerId: string;
    params: AdfoxSlot;
    onLoad?: (data: AdfoxLoadData) => void;
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

/** The advertising marking of 38-FZ (art. 18.1) the creative carries: its `erid` token and the advertiser. */
export interface AdMarking {
  erid: string;
  advertiser: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, 200) : '');

/**
 * The marking of the creative AdFox chose, from its banner parameters (`erid`, and `advertiserInfo` or `advertiser`:
 * the fields the operator's AdFox banner template passes), or null when it has no token: such an ad is not shown.
 */
export function adMarkingOf(data: AdfoxLoadData | undefined): AdMarking | null {
  const params = data?.bundleParams ?? {};
  const erid = text(params.erid);
  if (!/^[\w-]{1,64}$/.test(erid)) return null;
  return { erid, advertiser: text(params.advertiserInfo) || text(params.advertiser) };
}

/**
 * Puts an AdFox block into the element with `containerId`, through context.js's own queue (`yaContextCb`), loading the
 * script on the first call. `shown(null)` when there is no ad, it failed, or the creative came without its `erid`
 * (38-FZ: an unmarked ad is never shown); `shown(marking)` once a marked ad has rendered.
 * Returns what takes the block down again (on unmount, or before re-creating it for the other theme).
 */
export function showAdfoxBlock(
  options: { ownerId: string; containerId: string; params: AdfoxSlot },
  shown: (marking: AdMarking | null) => void,
): () => void {
  let active = true;
  let marking: AdMarking | null = null;
  const report = (result: AdMarking | null) => active && shown(result);
  window.yaContextCb ??= [];
  window.yaContextCb.push(() => {
    if (!active) return;
    window.Ya?.adfoxCode?.create({
      ...options,
      onLoad: (data) => {
        marking = adMarkingOf(data);
      },
      onRender: () => report(marking),
      onStub: () => report(null),
      onError: () => report(null),
    });
  });
  loadScript(ADFOX_SRC).catch(() => report(null));
  return () => {
    active = false;
    window.Ya?.adfoxCode?.destroy?.(options.containerId);
  };
}
