import { createEffect } from 'effector';
import { outsideServices } from './config';
import { loadScript } from './load-script';

/** What we count as a goal (the names the Metrica counter and the GTM container are set up with). */
type Goal = 'like' | 'dislike' | 'agent_setup_finished' | 'trial_started' | 'payment_succeeded' | 'callback_sent';

type Ym = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: Ym;
    dataLayer?: unknown[];
  }
}

const METRIKA_SRC = 'https://mc.yandex.ru/metrika/tag.js';
const gtmSrc = (id: string) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;

let started = false;

/**
 * Loads the configured analytics tag, once, after the page's first render (never in its way): Metrica with `defer`
 * (we send every hit ourselves, the first one included) and/or GTM. Calls made before the script arrives are queued
 * the way each tag's own snippet queues them.
 */
export function startAnalytics(): void {
  const { metrika, gtm } = outsideServices();
  if (started || (!metrika && !gtm)) return;
  started = true;
  if (metrika) {
    const queue: Ym = window.ym ?? ((...args: unknown[]) => void (queue.a ??= []).push(args));
    queue.l = Date.now();
    window.ym = queue;
    queue(metrika.id, 'init', { defer: true, clickmap: true, trackLinks: true, accurateTrackBounce: true });
    loadScript(METRIKA_SRC).catch(() => undefined);
  }
  if (gtm) {
    window.dataLayer ??= [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    loadScript(gtmSrc(gtm.id)).catch(() => undefined);
  }
}

/** A page view: the app changes routes without reloading, so each one is reported by hand. */
export function pageViewed(url: string, title: string, referer?: string): void {
  const { metrika, gtm } = outsideServices();
  if (metrika) window.ym?.(metrika.id, 'hit', url, { title, referer });
  if (gtm) window.dataLayer?.push({ event: 'virtualPageView', page: url, title });
}

function goalReached(goal: Goal): void {
  const { metrika, gtm } = outsideServices();
  if (metrika) window.ym?.(metrika.id, 'reachGoal', goal);
  if (gtm) window.dataLayer?.push({ event: goal });
}

/** For models: `sample({ clock: someFx.done, fn: () => 'like' as const, target: goalReachedFx })`. */
export const goalReachedFx = createEffect(goalReached);
