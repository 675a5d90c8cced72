import type { FastifyInstance } from 'fastify';
import { API_BASES, endpoints } from '@kvarta/contract';
import { sendError } from './envelope';
import { isLoopback } from './loopback';
import { decodedPath, routedPath } from './request-path';

/** Sign-ins whose Telegram signature is checked with the public development token when it is in use. */
const DEV_SIGNED_LOGINS = new Set(
  [endpoints.loginTelegram.path, endpoints.loginInitData.path].map((path) => `${API_BASES.passport}${path}`),
);

export const DEV_TOOLS_LOCAL_ONLY_MESSAGE = 'Тестовые инструменты (офлайн-Telegram, тестовая оплата) доступны только с этого компьютера';

/**
 * The offline Telegram stand-in and the sandbox payment page let anyone act as anyone: whoever can
 * reach them can sign in as any Telegram id or get paid periods for free. So they (and sign-ins
 * signed with the public development token) answer only this machine, unless DEV_TOOLS_REMOTE=1
 * says the network is closed. `request.ip` honours TRUST_PROXY, so a proxy on this machine does not
 * make the whole internet "local".
 */
export function restrictDevTools(app: FastifyInstance, options: { remote: boolean; devSignatures: boolean }): void {
  if (options.remote) return;
  app.addHook('onRequest', async (request, reply) => {
    // Both the router's view and the decoded path: `/%64ev/telegram` reaches the /dev/telegram route.
    const guarded = [routedPath(request), decodedPath(request.url)].some(
      (path) => path === '/dev' || path.startsWith('/dev/') || (options.devSignatures && DEV_SIGNED_LOGINS.has(path)),
    );
    if (guarded && !isLoopback(request.ip)) return sendError(reply, 403, DEV_TOOLS_LOCAL_ONLY_MESSAGE);
  });
}
