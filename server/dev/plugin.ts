import fp from 'fastify-plugin';
import type { CallbackService } from '../callback';
import type { AppContext } from '../context';
import type { JobQueue } from '../infra/job-queue';
import { devJobRoutes } from './jobs-routes';
import { devTelegramRoutes } from './telegram/routes';

export interface DevToolsOptions {
  ctx: AppContext;
  callbacks: CallbackService;
  queue: JobQueue;
}

/**
 * The developer tools' routes (/dev/…) as one plugin, registered by the composition outside production. Not
 * encapsulated: its routes stand at the root like the pages they serve, under the root's loopback fence and the
 * developer pages' content policy (http/hardening.ts).
 */
export const devToolsPlugin = fp<DevToolsOptions>(
  async (app, { ctx, callbacks, queue }) => {
    devTelegramRoutes(app, ctx, callbacks);
    devJobRoutes(app, queue);
  },
  { name: 'kvarta-dev-tools', fastify: '5.x' },
);
