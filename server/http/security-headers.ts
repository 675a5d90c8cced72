import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { STAND_IN_PAGE } from '../bot/stand-in-page';
import { STAND_IN_INVOICE_PATH } from '../bot/offline';
import { STAND_IN_INVOICE_SCRIPT } from '../bot/stand-in-invoice-page';
import { PROVIDER_SOURCES, type ProviderName, type ProviderSources } from './content-providers';
import { routedPath } from './request-path';
import { isApiPath } from './envelope';

/** Telegram's web clients (web.telegram.org/k and /a) frame the Mini App; nobody else may. */
export const TELEGRAM_WEB_ORIGIN = 'https://web.telegram.org';

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: HSTS only when it is https. */
  publicUrl?: string;
  /** Providers configured in this environment (content-providers.ts); their origins join the policy. */
  providers?: ProviderName[];
  /** Extra connect-src origins (an absolute VITE_API_BASE …). */
  connectOrigins?: string[];
  /** The built index.html of each front end: their inline scripts (if any) are allowed by hash. */
  webIndexHtml?: string | null;
  miniappIndexHtml?: string | null;
}

/** Which policy a path gets. */
export type PageKind = 'web' | 'miniapp' | 'payment' | 'dev' | 'api';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** 'sha256-…' sources for every inline (no src) script of a trusted HTML template. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes!) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes!)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export function pageKind(pathname: string): PageKind {
  if (isApiPath(pathname)) return 'api';
  if (pathname === '/tma' || pathname.startsWith('/tma/')) return 'miniapp';
  if (pathname.startsWith(STAND_IN_INVOICE_PATH)) return 'payment';
  if (pathname === '/dev' || pathname.startsWith('/dev/')) return 'dev';
  return 'web';
}

const PERMISSIONS_OFF = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'serial',
  'usb',
  'xr-spatial-tracking',
  'clipboard-read',
];

/**
 * Nothing in src/ or platform/ asks for geolocation, the camera, the clipboard and the like, so they are off.
 * The promo video plays by itself and has native controls (fullscreen); payment only for the CloudPayments frame.
 */
function permissionsPolicy(paymentOrigins: string[]): string {
  const payment = paymentOrigins.length ? `payment=(self ${paymentOrigins.map((o) => `"${o}"`).join(' ')})` : 'payment=()';
  return [...PERMISSIONS_OFF.map((f) => `${f}=()`), 'autoplay=(self)', 'fullscreen=(self)', 'picture-in-picture=(self)', payment].join(
    ', ',
  );
}

type Directives = Record<string, string[]>;

const serialize = (d: Directives) =>
  Object.entries(d)
    .map(([name, sources]) => (sources.length ? `${name} ${[...new Set(sources)].join(' ')}` : name))
    .join('; ');

const union = (providers: ProviderSources[], key: keyof ProviderSources) => providers.flatMap((p) => p[key] ?? []);

/** The headers each kind of response carries; computed once at start. */
export function buildSecurityHeaders(options: SecurityHeadersOptions): Record<PageKind, Record<string, string>> {
  const providers = (options.providers ?? []).map((name) => PROVIDER_SOURCES[name]);
  const pageDirectives = (scriptHashes: string[], frameAncestors: string[]): Directives => ({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...union(providers, 'script')],
    // React and telegram-ui set style attributes and inject <style>: inline styles stay allowed, inline scripts do not.
    'style-src': ["'self'", "'unsafe-inline'", ...union(providers, 'style')],
    // Photos and plans come from /api/media; small icons are data: URIs; previews may be blob:.
    'img-src': ["'self'", 'data:', 'blob:', ...union(providers, 'img')],
    'font-src': ["'self'", 'data:', ...union(providers, 'font')],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...(options.connectOrigins ?? []), ...union(providers, 'connect')],
    'worker-src': ["'self'", ...union(providers, 'worker')],
    'frame-src': ["'self'", ...union(providers, 'frame')],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors,
  });
  const common: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': permissionsPolicy(union(providers, 'payment')),
  };
  if (options.publicUrl?.startsWith('https://')) common['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  const webHashes = inlineScriptHashes(options.webIndexHtml ?? '');
  const miniappHashes = inlineScriptHashes(options.miniappIndexHtml ?? '');
  const devHashes = inlineScriptHashes(STAND_IN_PAGE);
  const paymentHashes = inlineScriptHashes(`<script>${STAND_IN_INVOICE_SCRIPT}</script>`);
  return {
    web: { ...common, 'Content-Security-Policy': serialize(pageDirectives(webHashes, ["'self'"])), 'X-Frame-Options': 'SAMEORIGIN' },
    // X-Frame-Options cannot name another origin, so the Mini App relies on frame-ancestors alone.
    miniapp: { ...common, 'Content-Security-Policy': serialize(pageDirectives(miniappHashes, [TELEGRAM_WEB_ORIGIN])) },
    dev: { ...common, 'Content-Security-Policy': serialize(pageDirectives(devHashes, ["'self'"])), 'X-Frame-Options': 'SAMEORIGIN' },
    // A payment form is never framed: no clickjacking of «Оплатить».
    payment: {
      ...common,
      'Content-Security-Policy': serialize({ ...pageDirectives(paymentHashes, ["'none'"]), 'frame-src': ["'none'"] }),
      'X-Frame-Options': 'DENY',
    },
    // JSON, SSE and media: nothing runs; an SVG opened on its own keeps its inline styles.
    api: {
      ...common,
      'Content-Security-Policy': serialize({
        'default-src': ["'none'"],
        'img-src': ["'self'", 'data:'],
        'style-src': ["'unsafe-inline'"],
        'frame-ancestors': ["'none'"],
      }),
      'X-Frame-Options': 'DENY',
    },
  };
}

export type SecurityHeaders = ReturnType<typeof buildSecurityHeaders>;

/** Sets the headers on the raw response, so hijacked replies (the SSE stream) and static files carry them too. */
export function applySecurityHeaders(res: Pick<ServerResponse, 'setHeader'>, headers: SecurityHeaders, pathname: string): void {
  for (const [name, value] of Object.entries(headers[pageKind(pathname)])) res.setHeader(name, value);
}

/** Every response of the app gets the headers of its kind before any handler runs. */
export function installSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', async (request, reply) => {
    applySecurityHeaders(reply.raw, headers, routedPath(request));
  });
}
