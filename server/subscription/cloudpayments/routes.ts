import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { DEV_TOOLS_LOCAL_ONLY_MESSAGE } from '../../http/dev-tools-guard';
import { isLoopback } from '../../http/loopback';
import { Refusal, onCheck, onFail, onPay, onRecurrent, onRefund, type HandlerDeps, type HandlerResult } from './handlers';
import {
  CP_CODES,
  paymentNotificationSchema,
  readNotificationBody,
  recurrentNotificationSchema,
  refundNotificationSchema,
} from './notifications';
import { notificationSigned } from './signature';
import { applyEffects } from '../settlement';

/** The URLs to enter in CloudPayments' dashboard (Настройки сайта → Уведомления), relative to PUBLIC_URL. */
export const CLOUDPAYMENTS_NOTIFICATIONS_BASE = '/api/payments/cloudpayments';
/** A notification is a few hundred bytes; anything near this is not one. */
const NOTIFICATION_BODY_LIMIT = 32 * 1024;

/** A refused request: CloudPayments reads `code`; our own error envelope around it, like every /api error. */
const refusal = (statusCode: number, message: string) => ({ result: 'error', message, statusCode, detail: null, code: CP_CODES.refused });

type Handler<S extends z.ZodType> = (deps: HandlerDeps, n: z.output<S>) => Promise<HandlerResult>;
interface Notification<S extends z.ZodType> {
  kind: 'check' | 'pay' | 'fail' | 'recurrent' | 'refund';
  schema: S;
  handle: Handler<S>;
}
const notification = <S extends z.ZodType>(n: Notification<S>) => n as unknown as Notification<z.ZodType>;

const NOTIFICATIONS = [
  notification({ kind: 'check', schema: paymentNotificationSchema, handle: onCheck }),
  notification({ kind: 'pay', schema: paymentNotificationSchema, handle: onPay }),
  notification({ kind: 'fail', schema: paymentNotificationSchema, handle: onFail }),
  notification({ kind: 'recurrent', schema: recurrentNotificationSchema, handle: onRecurrent }),
  notification({ kind: 'refund', schema: refundNotificationSchema, handle: onRefund }),
];

/**
 * CloudPayments' notifications, in its own protocol (not our envelope): the raw body's Content-HMAC is verified
 * (or X-Content-HMAC) before anything is read, then the fields are matched with our rows; the answer is `{"code": N}`. A forged or
 * unsigned request changes nothing and is answered 401. Without real keys the stand-in's fake signs them with a
 * secret anyone can read in our source, so then they are believed only from where the other development tools
 * answer: this machine (`request.ip` honours TRUST_PROXY), or any machine with DEV_TOOLS_REMOTE=1.
 */
export async function cloudPaymentsNotificationRoutes(app: FastifyInstance, options: { devToolsRemote?: boolean }): Promise<void> {
  const cloudPayments = app.payments.cloudPayments;
  if (!cloudPayments) return;
  const localOnly = cloudPayments.standIn && !options.devToolsRemote;
  const deps: HandlerDeps = { ctx: app, prices: app.payments.prices, log: { warn: (m) => app.log.warn(m) } };
  await app.register(
    async (scope) => {
      // The signature covers the exact bytes: keep them, parse only after it verifies.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
      for (const { kind, schema, handle } of NOTIFICATIONS) {
        const counted = (outcome: 'accepted' | 'refused' | 'invalid' | 'forged') =>
          app.metrics.paymentNotifications.inc({ provider: 'cloudpayments', kind, outcome });
        scope.post(`/${kind}`, { config: { foreignInput: true } }, async (request, reply) => {
          if (localOnly && !isLoopback(request.ip)) {
            request.log.warn(`CloudPayments ${kind}: уведомление тестовой оплаты не с этого компьютера (${request.ip}) отклонено`);
            counted('forged');
            return reply.code(403).send(refusal(403, DEV_TOOLS_LOCAL_ONLY_MESSAGE));
          }
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          if (!notificationSigned(raw, request.headers, cloudPayments.apiSecret)) {
            request.log.warn(`CloudPayments ${kind}: подпись (Content-HMAC, X-Content-HMAC) не совпала, уведомление отклонено`);
            counted('forged');
            return reply.code(401).send(refusal(401, 'Подпись уведомления не совпала'));
          }
          const parsed = schema.safeParse(readNotificationBody(raw, request.headers['content-type']));
          if (!parsed.success) {
            request.log.warn(
              `CloudPayments ${kind}: неполное уведомление (${parsed.error.issues.map((i) => i.path.join('.')).join(', ')})`,
            );
            counted('invalid');
            return reply.code(400).send(refusal(400, 'Неполное уведомление'));
          }
          try {
            const result = await handle(deps, parsed.data);
            await applyEffects(app, result.effects);
            counted(result.code === CP_CODES.ok ? 'accepted' : 'refused');
            return { code: result.code };
          } catch (error) {
            if (!(error instanceof Refusal)) throw error;
            request.log.warn(`CloudPayments ${kind}: отказ ${error.code} — ${error.message}`);
            counted('refused');
            return { code: error.code };
          }
        });
      }
    },
    { prefix: CLOUDPAYMENTS_NOTIFICATIONS_BASE },
  );
}
