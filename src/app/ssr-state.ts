import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';
import { SSR_STATE_ELEMENT_ID } from '@kvarta/contract/ssr';

/** What the server rendered a page with, handed to the browser so that it hydrates the same tree. */
export interface SsrState {
  /** effector's `serialize(scope)`: store values by sid. */
  effector: Record<string, unknown>;
  /** The query cache the page was rendered from (route guards read it too, so they do not fetch again). */
  query: DehydratedState;
  /** What the router's loaders returned on the server: the browser's router starts from it, without running them. */
  router: HydrationState;
}

/** The server's state on this page, or null when the page was rendered in the browser only. */
export function readSsrState(doc: Document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
}

/**
 * The server's query cache as of now. The server keeps a finished page (server/http/page-renders.ts) while what it was
 * rendered from still holds, up to 10 minutes, so the data in it may have been fetched long before this visit while
 * being current. Hydrated with its own fetch times, a page kept longer than a query's stale time refetched its
 * apartment at once, and the answer (a new object) re-rendered the page around every below-the-fold island still
 * waiting: React then drew each of them again in the browser, fetching what they show (10 requests and twice the
 * script work on a phone).
 */
export function receivedNow(state: DehydratedState, now: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.data === undefined ? query : { ...query, state: { ...query.state, dataUpdatedAt: now } },
    ),
  };
}
