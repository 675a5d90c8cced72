import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PATHS } from '../../src/shared/api/contract';
import { bindingRequestSchema, initDataLoginSchema, loginWidgetSchema } from '../../src/shared/api/contract/passport';
import { IncorrectAuthError, signInWithTelegram } from '../auth/accounts';
import { createBinding } from '../auth/bindings';
import { streamBindingEvents } from '../auth/binding-stream';
import { verifyInitData } from '../auth/telegram-init-data';
import { verifyLoginWidget } from '../auth/telegram-login-widget';
import { createAnonymousUser } from '../auth/users';
import type { AppContext } from '../context';
import { HttpError, unauthorized } from '../http/errors';
import { route } from '../http/route';

/** Telegram's own freshness rule for signed payloads. */
const MAX_AGE_SECONDS = 24 * 3600;

/** `/passport/data/*`: anonymous tokens, sign-in through Telegram (widget, Mini App, bot binding). */
export function passportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signIn = async (telegram: Parameters<typeof signInWithTelegram>[1], request: Parameters<AppContext['auth']['optionalUser']>[0]) => {
    // A stale or foreign bearer must not block signing in: it is simply not merged.
    const requester = await ctx.auth.optionalUser(request).catch(() => null);
    try {
      return await ctx.tokens.issue(await signInWithTelegram(ctx.db, telegram, requester, 'login'));
    } catch (error) {
      if (error instanceof IncorrectAuthError) throw new HttpError(409, 'Incorrect Auth');
      throw error;
    }
  };

  /** A checked Telegram signature signs in; a bad or stale one is a 401 with a readable reason. */
  const signInChecked = (check: { ok: true; user: Parameters<typeof signInWithTelegram>[1] } | { ok: false; reason: string }, staleText: string, request: Parameters<typeof signIn>[1]) => {
    if (!check.ok) throw unauthorized(check.reason === 'stale' ? staleText : 'Подпись Telegram неверна');
    return signIn(check.user, request);
  };

  route(app, { method: 'POST', url: API_PATHS.PASSPORT_TOKEN, handler: async () => ctx.tokens.issue(await createAnonymousUser(ctx.db)) });

  route(app, {
    method: 'POST',
    url: API_PATHS.PASSPORT_LOGIN_TELEGRAM,
    body: loginWidgetSchema,
    handler: async ({ body, request }) => {
      const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
      return signInChecked(verifyLoginWidget(fields, ctx.telegram.botToken, MAX_AGE_SECONDS), 'Данные входа устарели, войдите ещё раз', request);
    },
  });

  route(app, {
    method: 'POST',
    url: API_PATHS.PASSPORT_LOGIN_INIT_DATA,
    body: initDataLoginSchema,
    handler: async ({ body, request }) => {
      return signInChecked(verifyInitData(body.initData, ctx.telegram.botToken, MAX_AGE_SECONDS), 'Данные запуска устарели, откройте приложение заново', request);
    },
  });

  route(app, {
    method: 'POST',
    url: API_PATHS.PASSPORT_BINDING,
    body: bindingRequestSchema,
    handler: async ({ body, request }) => {
      const requester = (await ctx.auth.optionalUser(request)) ?? (await createAnonymousUser(ctx.db));
      if (body.type === 'binding' && requester.telegramId) throw new HttpError(409, 'Telegram уже подключён к этому профилю');
      const binding = await createBinding(ctx.db, body.type, requester.id);
      return { ...binding, deepLink: ctx.bot.deepLink(binding.telegramBindingToken), webFallbackLink: ctx.bot.webFallbackLink(binding.telegramBindingToken) };
    },
  });

  app.get(API_PATHS.PASSPORT_EVENTS.replace('{id}', ':id'), async (request, reply) => {
    const params = z.object({ id: z.string().uuid('id: ожидается идентификатор потока') }).safeParse(request.params);
    if (!params.success) throw new HttpError(400, 'id: ожидается идентификатор потока');
    await streamBindingEvents(ctx.db, params.data.id, request, reply);
  });
}
