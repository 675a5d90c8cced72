import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { devJobRoutes } from './jobs-routes';
import { devTelegramRoutes } from './telegram/routes';

/**
 * The developer tools' routes (/dev/…) as one plugin, registered by the composition outside production. Not
 * encapsulated: its routes stand at the root like the pages they serve, under the root's loopback fence and the
 * developer pages' content policy (http/hardening.ts).
 */
export const devToolsPlugin = fp(
  async (app: FastifyInstance) => {
    devTelegramRoutes(app);
    devJobRoutes(app, app.queue);
  },
  { name: 'kvarta-dev-tools', fastify: '5.x', dependencies: ['kvarta-bot', 'kvarta-callback'] },
);
