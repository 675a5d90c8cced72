import { matchRoute } from '@kvarta/contract/routes';
import type { CatalogueMemory } from '../catalog/memory';
import { listingStamp } from '../catalog/listing-stamp';
import { createRenderCache } from '../lib/render-cache';
import { PAGE_RENDER_LIMITS, createRenderGate, type RenderGate } from './render-gate';

/** What one render of a page is: the rendered page, or null for "send the shell" (the browser renders it). */
export type PageRender<T> = () => Promise<T | null>;

export interface PageRenderRequest {
  /** The page path (no query string: no public page draws from it). */
  path: string;
  /** Everything else the render depends on: the front end (website or Mini App, whose theme is Telegram's) and the layout guess. */
  variant: string;
  /** Whose render work this is (render-gate.ts renderClientOf). */
  client: string;
}

export interface PageRenders<T> {
  render(request: PageRenderRequest, make: PageRender<T>): Promise<T | null>;
}

/** A render is kept at most this long even while its stamp holds: a page shows more than its own listing (similar flats). */
const MAX_AGE_MS = 10 * 60_000;
/** Memory for kept pages (HTML and state), about a thousand apartment pages. */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * The stamp of a page path: an apartment page is as new as its listing (listing-stamp.ts); every other public page
 * (TOP, analytics, services) draws from the whole catalogue, so any change of it.
 */
export function pageStamp(memory: Pick<CatalogueMemory, 'apartments' | 'complexes' | 'photos' | 'version'>, path: string): string {
  if (matchRoute(path) === 'APART') {
    const id = /\/apart\/(\d{1,10})\/?$/.exec(path)?.[1];
    return id ? listingStamp(memory, Number(id)) : 'none';
  }
  return `catalogue ${memory.version}`;
}

/**
 * Server renders of public pages, kept and bounded. This wraps the call of the render function only, so how a page
 * is rendered (the entry, its router) can change without touching this: a kept render is valid for its path,
 * variant and stamp within this process (one build: a new build is a new process).
 */
export function createPageRenders<T extends { html: string } | { location: string }>(
  memory: Pick<CatalogueMemory, 'apartments' | 'complexes' | 'photos' | 'version'>,
  gate: RenderGate = createRenderGate(PAGE_RENDER_LIMITS),
): PageRenders<T> {
  const cache = createRenderCache<T>({
    maxBytes: MAX_BYTES,
    maxAgeMs: MAX_AGE_MS,
    sizeOf: (page) => 2 * JSON.stringify(page).length,
  });
  return {
    render({ path, variant, client }, make) {
      return cache.get(`${variant} ${path}`, pageStamp(memory, path), () => gate.tryRun(client, make) ?? Promise.resolve(null));
    },
  };
}
