/**
 * The seam between the server and the app's server-rendering entry (built by Vite into dist/server). The server loads
 * that built file at run time and calls `render`; it never imports `src/`. Plain data only crosses this seam.
 */

/** How the entry reaches the API while rendering: the server answers in-process, without a socket. */
export type SsrFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  body: string;
}>;

/**
 * Where the Mini App lives: its build's base and the prefix the server serves it under. The server renders its pages
 * under it too, so that their links are the ones the browser's router (basename) makes while hydrating.
 */
export const MINIAPP_BASE = '/tma/';

export interface SsrRenderInput {
  /** The page path with its query, without the build's base (e.g. `/spb/apart/12`). */
  url: string;
  fetch: SsrFetch;
  /** The server's guess of the screen from the request (layouts computed in script start from it). */
  viewport: 'phone' | 'desktop';
  /**
   * Which front end the page is for: the Mini App's renders as Telegram shows it (its colour scheme is Telegram's, so
   * the theme toggle is not there), the website's as a browser shows it.
   */
  output: 'web' | 'miniapp';
}

export type SsrRenderResult =
  /** The page's markup for `<div id="root">` and the state the browser starts from (JSON, not yet escaped for HTML). */
  | {
      kind: 'page';
      status: 200 | 404;
      html: string;
      state: string;
      /** Source modules of the lazily loaded pages rendered (e.g. `src/pages/apart/index.ts`): their chunks are linked. */
      modules: string[];
    }
  /** A loader redirected (e.g. an unknown service slug goes to /404); the location is an app path, without the base. */
  | { kind: 'redirect'; status: number; location: string };

export interface SsrEntry {
  render(input: SsrRenderInput): Promise<SsrRenderResult>;
}

/** The id of the JSON script element that carries the state from the server to the browser. */
export const SSR_STATE_ELEMENT_ID = 'kv-ssr-state';
