/** Passport (`/passport`): anonymous tokens and sign-in through Telegram. */
import { endpoint } from '../endpoint';
import { bindingInfoSchema, bindingRequestSchema, initDataLoginSchema, loginWidgetSchema, tokenResponseSchema } from '../passport';

export const passportEndpoints = {
  passportToken: endpoint({
    method: 'POST',
    service: 'passport',
    path: '/data/token',
    access: 'anyone',
    summary: 'Анонимный токен',
    response: tokenResponseSchema,
  }),
  loginTelegram: endpoint({
    method: 'POST',
    service: 'passport',
    path: '/data/login/telegram',
    access: 'anyone',
    summary: 'Вход через Telegram Login Widget',
    body: loginWidgetSchema,
    response: tokenResponseSchema,
  }),
  loginInitData: endpoint({
    method: 'POST',
    service: 'passport',
    path: '/data/login/telegram/init-data',
    access: 'anyone',
    summary: 'Вход из Mini App по initData',
    body: initDataLoginSchema,
    response: tokenResponseSchema,
  }),
  telegramBinding: endpoint({
    method: 'POST',
    service: 'passport',
    path: '/data/telegram',
    access: 'token',
    summary: 'Вход или привязка через бота',
    body: bindingRequestSchema,
    response: bindingInfoSchema,
  }),
};
