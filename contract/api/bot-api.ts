/** The bot web-app API (`/bot-api`): call-back requests. */
import { endpoint } from '../endpoint';
import { callbackRequestSchema, callbackResponseSchema } from '../callback';

export const botApiEndpoints = {
  callbackSale: endpoint({
    method: 'POST',
    service: 'botApi',
    path: '/callback/sale',
    access: 'anyone',
    summary: 'Заявка на обратный звонок',
    body: callbackRequestSchema,
    response: callbackResponseSchema,
  }),
};
