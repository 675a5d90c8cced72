import type { FastifyInstance } from 'fastify';
import { badRequest } from '../core/errors';
import { findUnsafeIn } from './route';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is someone else's protocol (Telegram's webhook), authenticated and read by its library. */
    foreignInput?: boolean;
  }
}

/**
 * The contract's text guard for routes not declared through route() (the SSE stream, media, /dev,
 * the SPA fallback): NUL, lone surrogates (in values and keys) and absurd nesting answer 400 before
 * the handler. route() applies the same guard itself, after its schemas (their messages are more precise).
 */
export function rejectUnsafeInput(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    if (config?.foreignInput || config?.contract) return;
    const unsafe = findUnsafeIn(request);
    if (unsafe) throw badRequest(unsafe.message, { path: unsafe.path });
  });
}
