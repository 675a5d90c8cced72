import { useSyncExternalStore } from 'react';

interface Densities {
  x1: string;
  x2: string;
  x3: string;
}

/**
 * Our generated pictures (`/media/….svg`) come in a dark variant, `?theme=dark`; an `<img>` cannot see the page's
 * theme, so the URL carries it. Photos and other URLs stay as they are.
 */
export const darkMediaUrl = (url: string): string =>
  url.replace(/(\/media\/[^?#]+\.svg)(\?|$)/, (_, path: string, query: string) => `${path}?theme=dark${query ? '&' : ''}`);

const root = () => document.documentElement;
const subscribe = (changed: () => void) => {
  const observer = new MutationObserver(changed);
  observer.observe(root(), { attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
};

/** Whether the page is dark: `data-theme` on `<html>` (the toggle, or Telegram's scheme in the Mini App). Light on the server. */
export const useDarkPage = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => root().dataset.theme === 'dark',
    () => false,
  );

/** The picture variant for the page's current theme. */
export function useThemedImage<T extends Densities>(image: T): T;
export function useThemedImage<T extends Densities>(image: T | undefined): T | undefined;
export function useThemedImage<T extends Densities>(image: T | undefined): T | undefined {
  return themedImage(image, useDarkPage());
}

export function themedImage<T extends Densities>(image: T | undefined, dark: boolean): T | undefined {
  return image && dark ? { ...image, x1: darkMediaUrl(image.x1), x2: darkMediaUrl(image.x2), x3: darkMediaUrl(image.x3) } : image;
}
