import type { FastifyInstance } from 'fastify';
import { DEV_BOT_TOKEN } from '../auth/dev-bot';
import { capConnectionsPerIp, type ConnectionLimits } from './connection-limits';
import type { ProviderName } from './content-providers';
import { restrictDevTools } from './dev-tools-guard';
import { rejectUnsafeInput } from './safe-input';
import { buildSecurityPolicies, installSecurityHeaders } from './security-headers';
import { readIndex, type FrontEnds } from './spa';
import { rejectBadUrls } from './url-guard';

export interface HardeningOptions {
  limits: ConnectionLimits;
  frontEnds: FrontEnds;
  publicUrl: string | undefined;
  contentProviders: ProviderName[] | undefined;
  connectOrigins: string[] | undefined;
  devToolsRemote: boolean;
  botToken: string;
  /** The developer tools' pages when server/dev/ is registered (their content policy allows their scripts). */
  devPages: { page: string; payment: string } | null;
}

/**
 * What every request meets before a route (order matters: headers first, so even the guards'
 * refusals carry them): the socket cap, security headers, URL and input guards, the dev-tools
 * fence. One place to read what the server does to hostile traffic.
 */
export async function installHardening(app: FastifyInstance, options: HardeningOptions): Promise<void> {
  // On app.server itself, so it holds for app.listen in main.ts; one warning per address a minute, not one per socket.
  const warnedAt = new Map<string, number>();
  capConnectionsPerIp(app.server, options.limits, (address) => {
    const now = Date.now();
    if ((warnedAt.get(address) ?? 0) > now - 60_000) return;
    if (warnedAt.size > 10_000) warnedAt.clear();
    warnedAt.set(address, now);
    app.log.warn(`слишком много соединений с ${address} (больше ${options.limits.maxConnectionsPerIp}): новые закрываются`);
  });
  await installSecurityHeaders(
    app,
    buildSecurityPolicies({
      publicUrl: options.publicUrl,
      providers: options.contentProviders,
      connectOrigins: options.connectOrigins,
      webIndexHtml: readIndex(options.frontEnds.web),
      miniappIndexHtml: readIndex(options.frontEnds.miniapp),
      devPages: options.devPages,
    }),
  );
  rejectBadUrls(app);
  rejectUnsafeInput(app);
  restrictDevTools(app, { remote: options.devToolsRemote, devSignatures: options.botToken === DEV_BOT_TOKEN });
}
