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
/** Counting is on: consent given (and not withdrawn since). Hits and goals are sent only while it is. */
let counting = false;

/** Metrica's own switch: with it set, the loaded tag sends nothing more (its autotracking included). */
const disableFlag = (id: number) => `disableYaCounter${id}`;
/** The cookies Metrica sets on the page (_ym_uid, _ym_d, _ym_isad, _ym_visorc…). */
export const METRIKA_COOKIES = /^_ym_/;

/** Whether anything here sets identifiers and so waits for the analytics consent: Metrica, GTM or AdFox configured. */
export function analyticsNeedConsent(): boolean {
  const { metrika, gtm, adfox } = outsideServices();
  return Boolean(metrika || gtm || adfox);
}

/**
 * Loads the configured analytics tag once the person has consented, after the page's first render (never in its way):
 * Metrica with `defer` (we send every hit ourselves, the first one included) and/or GTM. Calls made before the script
 * arrives are queued the way each tag's own snippet queues them. Given again after a withdrawal, counting resumes.
 */
export function startAnalytics(): void {
  const { metrika, gtm } = outsideServices();
  if (!metrika && !gtm) return;
  counting = true;
  if (metrika) delete (window as unknown as Record<string, unknown>)[disableFlag(metrika.id)];
  if (started) return sendView();
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
  sendView();
}

/**
 * The consent withdrawn: nothing more is sent, without a reload — our hits and goals stop, Metrica's tag is switched
 * off by its own flag, GTM's container is told (its tags must honour `analytics_consent`: docs/operations.md).
 */
export function stopAnalytics(): void {
  const { metrika, gtm } = outsideServices();
  counting = false;
  if (metrika) (window as unknown as Record<string, unknown>)[disableFlag(metrika.id)] = true;
  if (gtm && started) window.dataLayer?.push({ event: 'analytics_consent_withdrawn', analytics_consent: 'denied' });
}

/** The page being viewed, and whether its hit went: a page opened before consent is counted once consent comes. */
let lastView: { url: string; title: string; referer?: string; sent: boolean } | null = null;

function sendView(): void {
  if (!counting || !lastView || lastView.sent) return;
  lastView.sent = true;
  const { url, title, referer } = lastView;
  const { metrika, gtm } = outsideServices();
  if (metrika) window.ym?.(metrika.id, 'hit', url, { title, referer });
  if (gtm) window.dataLayer?.push({ event: 'virtualPageView', page: url, title });
}

/** A page view: the app changes routes without reloading, so each one is reported by hand. */
export function pageViewed(url: string, title: string, referer?: string): void {
  lastView = { url, title, referer, sent: false };
  sendView();
}

function goalReached(goal: Goal): void {
  if (!counting) return;
  const { metrika, gtm } = outsideServices();
  if (metrika) window.ym?.(metrika.id, 'reachGoal', goal);
  if (gtm) window.dataLayer?.push({ event: goal });
}

/** For models: `sample({ clock: someFx.done, fn: () => 'like' as const, target: goalReachedFx })`. */
export const goalReachedFx = createEffect(goalReached);
