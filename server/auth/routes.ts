import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RAW_PATHS } from '@kvarta/contract';
import { IncorrectAuthError, signInWithTelegram } from './accounts';
import { createBinding } from './bindings';
import { bearerOf, streamBindingEvents } from '../http/binding-stream';
import { cleanUserAgent } from './sign-in-origin';
import { notifySignIn } from '../bot/sign-in';
import { verifyInitData } from './telegram-init-data';
import { verifyLoginWidget } from './telegram-login-widget';
import type { UserRow } from './users';
import { HttpError } from '../http/errors';
import { unauthorized } from '../core/errors';
import { fastifyPath, route } from '../http/route';

/** Telegram's own freshness rule for signed payloads. */
const MAX_AGE_SECONDS = 24 * 3600;

/** `/passport/data/*`: anonymous tokens, sign-in through Telegram (widget, Mini App, bot binding). */
export async function passportRoutes(app: FastifyInstance): Promise<void> {
  /** `requester`: the caller's account to merge, if any (a stale or foreign bearer must not block signing in: it is simply not merged). */
  const signIn = async (
    telegram: Parameters<typeof signInWithTelegram>[1],
    requester: UserRow | null,
    request: FastifyRequest,
    notify: boolean,
    inTelegram = false,
  ) => {
    try {
      // An anonymous requester without a row gets one (a write like any other, within the same limits), so that merging
      // retires its token like any other; one retired meanwhile is simply not merged.
      const from =
        requester?.unsavedSession === undefined
          ? requester
          : await app.routeAuth.forWrite(requester, request).catch((error: unknown) => {
              if (error instanceof HttpError && error.statusCode === 401) return null;
              throw error;
            });
      const issued = await app.tokens.issue(await signInWithTelegram(app.db, telegram, from, 'login'), Date.now(), { inTelegram });
      // The Login Widget signs in outside the user's Telegram: tell the account's chat, with «Это не я».
      // Best effort: a user who never started the bot cannot be messaged, and that must not fail the sign-in.
      if (notify) {
        const origin = { userAgent: cleanUserAgent(request.headers['user-agent']), source: 'SITE', at: new Date() };
        void notifySignIn(app, telegram.id, origin).catch((error: unknown) => request.log.warn({ err: error }, 'sign-in notice not sent'));
      }
      return issued;
    } catch (error) {
      if (error instanceof IncorrectAuthError) throw new HttpError(409, 'Incorrect Auth');
      throw error;
    }
  };

  /** A checked Telegram signature signs in; a bad or stale one is a 401 with a readable reason. */
  const signInChecked = (
    check: { ok: true; user: Parameters<typeof signInWithTelegram>[1] } | { ok: false; reason: string },
    staleText: string,
    requester: UserRow | null,
    request: FastifyRequest,
    notify: boolean,
    inTelegram = false,
  ) => {
    if (!check.ok) throw unauthorized(check.reason === 'stale' ? staleText : 'Подпись Telegram неверна');
    return signIn(check.user, requester, request, notify, inTelegram);
  };

  route(app, 'passportToken', {
    // A signature and nothing stored: free for every buyer behind one address. The row comes with the first write
    // (route option `writes`), where the limits are.
    handler: () => app.tokens.issueAnonymous(),
  });

  route(app, 'loginTelegram', {
    identify: 'lenient',
    handler: ({ body, user, request }) => {
      const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
      return signInChecked(
        verifyLoginWidget(fields, app.telegram.botToken, MAX_AGE_SECONDS),
        'Данные входа устарели, войдите ещё раз',
        user,
        request,
        true,
      );
    },
  });

  route(app, 'loginInitData', {
    identify: 'lenient',
    // No notice here: initData is signed inside the user's own Telegram, nobody else can start this sign-in.
    handler: ({ body, user, request }) =>
      signInChecked(
        verifyInitData(body.initData, app.telegram.botToken, MAX_AGE_SECONDS),
        'Данные запуска устарели, откройте приложение заново',
        user,
        request,
        false,
        // The Mini App's session: the payment routes sell it Telegram Stars only.
        true,
      ),
  });

  route(app, 'telegramBinding', {
    // The binding row names the requester: an anonymous session gets its own row first.
    writes: true,
    // Each call stores a binding row: limited per address, counted before the token is even looked at.
    limit: (request) => app.limiters.binding(request.ip),
    // The requester's bearer is required (access 'token'): the event stream is bound to it (the client always holds a token, spec §6 Session).
    handler: async ({ body, user: requester, request }) => {
      if (body.type === 'binding' && requester.telegramId) throw new HttpError(409, 'Telegram уже подключён к этому профилю');
      const platform = request.headers['x-platform-type'];
      const binding = await createBinding(app.db, body.type, requester.id, bearerOf(request)!, {
        userAgent: cleanUserAgent(request.headers['user-agent']),
        source: platform === 'TELEGRAM_MINI_APP' ? 'TELEGRAM_MINI_APP' : 'SITE',
      });
      return {
        ...binding,
        deepLink: app.bot.deepLink(binding.telegramBindingToken),
        webFallbackLink: app.bot.webFallbackLink(binding.telegramBindingToken),
      };
    },
  });

  app.get(fastifyPath(RAW_PATHS.PASSPORT_EVENTS), async (request, reply) => {
    const params = z.object({ id: z.string().uuid('id: ожидается идентификатор потока') }).safeParse(request.params);
    if (!params.success) throw new HttpError(400, 'id: ожидается идентификатор потока');
    await streamBindingEvents(app.db, params.data.id, request, reply);
  });
}
