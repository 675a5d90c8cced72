import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { closeBindingStreams } from '../http/binding-stream';
import { createAuthenticator } from '../http/session';
import { TokenService } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
}

export interface AuthOptions {
  jwtSecret: Uint8Array;
}

/** Sessions: the token service and every contract route's authenticator. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    const tokens = new TokenService(options.jwtSecret);
    app.decorate('tokens', tokens);
    app.decorate('routeAuth', createAuthenticator(app.db, tokens, app.limiters));
    // Shutdown: open binding streams end with a reconnect hint before the listener closes.
    // (a hook that resolves with a value fails the close: closeBindingStreams answers how many it ended)
    app.addHook('preClose', async () => {
      closeBindingStreams(app.db);
    });
  },
  { name: 'kvarta-auth', fastify: '5.x', dependencies: ['kvarta-infra', 'kvarta-http'] },
);
