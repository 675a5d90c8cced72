import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../catalog/store';
import { notFound } from '../http/errors';
import { bindingEvents, findBinding, type BindingOutcome } from './bindings';

const KEEP_ALIVE_MS = 15_000;
export const STREAM_EXPIRED_MESSAGE = 'Время ожидания входа истекло, попробуйте ещё раз';

/**
 * Server-sent events for one binding: comments as keep-alives, then exactly one JSON message
 * (`{status: 'ok', token?}` or `{message}`), then the stream closes.
 */
export async function streamBindingEvents(db: Queryable, eventEmitterId: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const binding = await findBinding(db, eventEmitterId);
  if (!binding) throw notFound('Not Found', { eventEmitterId });
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  let keepAlive: NodeJS.Timeout | undefined;
  let expiry: NodeJS.Timeout | undefined;
  const onOutcome = (outcome: BindingOutcome) => finish(outcome);
  const cleanup = () => {
    clearInterval(keepAlive);
    clearTimeout(expiry);
    bindingEvents.off(eventEmitterId, onOutcome);
  };
  function finish(message: BindingOutcome): void {
    cleanup();
    if (res.writableEnded) return;
    res.write(`data: ${JSON.stringify(message)}\n\n`);
    res.end();
  }
  if (binding.outcome) return finish(binding.outcome);
  const remaining = binding.expiresAt - Date.now();
  if (remaining <= 0) return finish({ message: STREAM_EXPIRED_MESSAGE });
  res.write(': connected\n\n');
  bindingEvents.on(eventEmitterId, onOutcome);
  keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  expiry = setTimeout(() => finish({ message: STREAM_EXPIRED_MESSAGE }), remaining);
  request.raw.on('close', cleanup);
}
