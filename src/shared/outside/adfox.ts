import type { AdfoxSlot } from '@kvarta/contract/client-config';
import type { AdMarkingPart } from '@kvarta/contract/vitals';
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
 * the fields the operator's AdFox banner template passes), or null when it lacks either: such an ad is not shown.
 */
export function adMarkingOf(data: AdfoxLoadData | undefined): AdMarking | null {
  return missingMarking(data).length === 0 ? markingParts(data) : null;
}

/** What of the 38-FZ marking (the token, the advertiser) a creative lacks; empty when it may be shown. */
export function missingMarking(data: AdfoxLoadData | undefined): AdMarkingPart[] {
  const { erid, advertiser } = markingParts(data);
  return [...(/^[\w-]{1,64}$/.test(erid) ? [] : ['erid' as const]), ...(advertiser ? [] : ['advertiser' as const])];
}

function markingParts(data: AdfoxLoadData | undefined): AdMarking {
  const params = data?.bundleParams ?? {};
  return { erid: text(params.erid), advertiser: text(params.advertiserInfo) || text(params.advertiser) };
}

/**
 * Puts an AdFox block into the element with `containerId`, through context.js's own queue (`yaContextCb`), loading the
 * script on the first call. `shown(null)` when there is no ad or it failed; `shown(null, missing)` when the creative
 * came without its `erid` or its advertiser (38-FZ: an unmarked ad is never shown); `shown(marking)` once a marked ad
 * has rendered.
 * Returns what takes the block down again (on unmount, or before re-creating it for the other theme).
 */
export function showAdfoxBlock(
  options: { ownerId: string; containerId: string; params: AdfoxSlot },
  shown: (marking: AdMarking | null, missing?: AdMarkingPart[]) => void,
): () => void {
  let active = true;
  let loaded: AdfoxLoadData | undefined;
  const report = (result: AdMarking | null, missing?: AdMarkingPart[]) => active && shown(result, missing);
  window.yaContextCb ??= [];
  window.yaContextCb.push(() => {
    if (!active) return;
    window.Ya?.adfoxCode?.create({
      ...options,
      onLoad: (data) => {
        loaded = data;
      },
      onRender: () => {
        const marking = adMarkingOf(loaded);
        report(marking, marking ? undefined : missingMarking(loaded));
      },
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
