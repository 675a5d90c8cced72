import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
  /** The developer tools' pages (server/dev/), when they are registered: their inline scripts are allowed by hash. */
  devPages?: { page: string; payment: string } | null;
}

/** Which policy a path gets. */
export type PageKind = 'web' | 'miniapp' | 'payment' | 'dev' | 'docs' | 'api';

/** The offline Telegram's payment form (server/dev/telegram/): a page that is never framed. */
export const STAND_IN_INVOICE_PATH = '/dev/telegram/invoice/';

/** The API reference (@fastify/swagger-ui, server/routes/api-docs.ts): a page of its own under /api. */
const DOCS_PREFIX = '/api/docs';

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
  if (pathname === DOCS_PREFIX || pathname.startsWith(`${DOCS_PREFIX}/`)) return 'docs';
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
 * Nothing in src/ or platform/ asks for the camera, the clipboard and the like, so they are off. Geolocation only on the
 * app's own pages, for «Рядом со мной» (the browser asks the buyer when they press it); off everywhere else.
 * The promo video plays by itself and has native controls (fullscreen); payment only for the CloudPayments frame.
 */
function permissionsPolicy(paymentOrigins: string[], geolocation = false): string {
  const payment = paymentOrigins.length ? `payment=(self ${paymentOrigins.map((o) => `"${o}"`).join(' ')})` : 'payment=()';
  const off = PERMISSIONS_OFF.filter((f) => !(geolocation && f === 'geolocation')).map((f) => `${f}=()`);
  return [
    ...off,
    ...(geolocation ? ['geolocation=(self)'] : []),
    'autoplay=(self)',
    'fullscreen=(self)',
    'picture-in-picture=(self)',
    payment,
  ].join(', ');
}

type Directives = Record<string, string[]>;

/** What differs between kinds of response: the content policy and whether (and by whom) it may be framed. */
interface KindPolicy {
  csp: Directives;
  /** X-Frame-Options for older browsers; none where another origin frames us (it cannot name one). */
  frameOptions?: 'DENY' | 'SAMEORIGIN';
  /** A Permissions-Policy of its own (else the common one). */
  permissionsPolicy?: string;
}

export interface SecurityPolicies {
  kinds: Record<PageKind, KindPolicy>;
  permissionsPolicy: string;
  /** PUBLIC_URL is https: HSTS. */
  https: boolean;
}

const dedupe = (d: Directives): Directives => Object.fromEntries(Object.entries(d).map(([name, sources]) => [name, [...new Set(sources)]]));

const union = (providers: ProviderSources[], key: keyof ProviderSources) => providers.flatMap((p) => p[key] ?? []);

/** The policy of each kind of response; computed once at start. */
export function buildSecurityPolicies(options: SecurityHeadersOptions): SecurityPolicies {
  const providers = (options.providers ?? []).map((name) => PROVIDER_SOURCES[name]);
  // Inside Telegram digital goods are sold for Stars only: the Mini App's page cannot even load the card widget.
  const miniappProviders = (options.providers ?? []).filter((name) => name !== 'cloudpayments').map((name) => PROVIDER_SOURCES[name]);
  const pageDirectives = (scriptHashes: string[], frameAncestors: string[], allowed = providers): Directives => ({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...union(allowed, 'script')],
    // React and telegram-ui set style attributes and inject <style>: inline styles stay allowed, inline scripts do not.
    'style-src': ["'self'", "'unsafe-inline'", ...union(allowed, 'style')],
    // Photos and plans come from /api/media; small icons are data: URIs; previews may be blob:.
    'img-src': ["'self'", 'data:', 'blob:', ...union(allowed, 'img')],
    'font-src': ["'self'", 'data:', ...union(allowed, 'font')],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...(options.connectOrigins ?? []), ...union(allowed, 'connect')],
    'worker-src': ["'self'", ...union(allowed, 'worker')],
    'frame-src': ["'self'", ...union(allowed, 'frame')],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors,
  });
  const webHashes = inlineScriptHashes(options.webIndexHtml ?? '');
  const miniappHashes = inlineScriptHashes(options.miniappIndexHtml ?? '');
  const devHashes = inlineScriptHashes(options.devPages?.page ?? '');
  const paymentHashes = inlineScriptHashes(options.devPages?.payment ?? '');
  const kinds: Record<PageKind, KindPolicy> = {
    web: {
      csp: pageDirectives(webHashes, ["'self'"]),
      frameOptions: 'SAMEORIGIN',
      permissionsPolicy: permissionsPolicy(union(providers, 'payment'), true),
    },
    // Telegram's web client frames the Mini App: frame-ancestors alone says so. No card widget and no payment
    // permission there: inside Telegram digital goods are sold for Stars only.
    miniapp: {
      csp: pageDirectives(miniappHashes, [TELEGRAM_WEB_ORIGIN], miniappProviders),
      permissionsPolicy: permissionsPolicy([], true),
    },
    dev: { csp: pageDirectives(devHashes, ["'self'"]), frameOptions: 'SAMEORIGIN' },
    // A payment form is never framed: no clickjacking of «Оплатить».
    payment: { csp: { ...pageDirectives(paymentHashes, ["'none'"]), 'frame-src': ["'none'"] }, frameOptions: 'DENY' },
    // The API reference: the viewer's scripts from this origin only (its start-up is a file, not inline); it sets
    // inline styles and data: icons of its own.
    docs: {
      csp: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
      },
      frameOptions: 'DENY',
    },
    // JSON, SSE and media: nothing runs; an SVG opened on its own keeps its inline styles.
    api: {
      csp: { 'default-src': ["'none'"], 'img-src': ["'self'", 'data:'], 'style-src': ["'unsafe-inline'"], 'frame-ancestors': ["'none'"] },
      frameOptions: 'DENY',
    },
  };
  return {
    kinds,
    permissionsPolicy: permissionsPolicy(union(providers, 'payment')),
    https: options.publicUrl?.startsWith('https://') === true,
  };
}

/**
 * Every response carries the headers of its kind, set on the raw response before any handler runs, so hijacked
 * replies (the SSE stream), static files and the guards' refusals carry them too. @fastify/helmet sets the common
 * ones (nosniff, the referrer policy, HSTS on https, the cross-origin isolation headers); the content policy of each
 * kind is helmet's own middleware, built once per kind at start rather than per request; helmet has no
 * Permissions-Policy, and X-Frame-Options differs by kind (none for the Mini App), so those two are set here.
 */
export async function installSecurityHeaders(app: FastifyInstance, policies: SecurityPolicies): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    xFrameOptions: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: policies.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Payment providers may open a window of their own (3-D Secure, a bank's app) and talk back to the page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Pictures under /api/media are shown by a front end on another origin too (an absolute VITE_API_BASE).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  const csp = Object.fromEntries(
    Object.entries(policies.kinds).map(([kind, policy]) => [
      kind,
      fastifyHelmet.contentSecurityPolicy({ useDefaults: false, directives: dedupe(policy.csp) }),
    ]),
  ) as Record<PageKind, ReturnType<typeof fastifyHelmet.contentSecurityPolicy>>;
  app.addHook('onRequest', (request, reply, done) => {
    const kind = pageKind(routedPath(request));
    const { frameOptions, permissionsPolicy: own } = policies.kinds[kind];
    reply.raw.setHeader('Permissions-Policy', own ?? policies.permissionsPolicy);
    if (frameOptions) reply.raw.setHeader('X-Frame-Options', frameOptions);
    csp[kind](request.raw, reply.raw, done);
  });
}
