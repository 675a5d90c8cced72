import { useSyncExternalStore } from 'react';

interface Densities {
  x1: string;
  x2: string;
  x3: string;
}

const html = () => document.documentElement;
const subscribe = (changed: () => void) => {
  const observer = new MutationObserver(changed);
  observer.observe(html(), { attributes: true });
  return () => observer.disconnect();
};

/**
 * Whether the page is dark: `data-theme` on `<html>`, set by the toggle or, in the Mini App, by Telegram's scheme
 * (an `<img>` cannot see it, so the picture's URL has to carry it). Light on the server.
 */
export const useDarkPage = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => html().dataset.theme === 'dark',
    () => false,
  );

/** Our generated pictures (`/media/….svg`) have a dark variant, `?theme=dark`; photos have none. */
export const themedUrl = (url: string, dark: boolean): string =>
  dark ? url.replace('.svg', '.svg?theme=dark').replace('dark?', 'dark&') : url;

export const themedImage = (image: Densities, dark: boolean): Densities => ({
  x1: themedUrl(image.x1, dark),
  x2: themedUrl(image.x2, dark),
  x3: themedUrl(image.x3, dark),
});
