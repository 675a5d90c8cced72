import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../core/database';
import { notFound, unauthorized } from '../core/errors';
import { bearerHash, bindingEvents, claimOutcome, findBinding, type BindingOutcome } from '../auth/bindings';

/** Comments this often keep proxies and the idle timeout (server/http/connection-limits.ts) from closing the stream. */
export const KEEP_ALIVE_MS = 15_000;
/** Another instance may have stored the outcome: look in the table now and then, not only on a local wake-up. */
const POLL_MS = 2_000;
/** Per binding, how to close the stream now listening (see the one-stream rule below). */
const liveStreams = new Map<string, () => void>();
/** Streams open per database handle (one per server), for a graceful shutdown. */
const openStreams = new WeakMap<object, Set<(retryMs: number) => void>>();
/** A browser told to come back reconnects after this long, to whichever instance the balancer picks. */
export const SHUTDOWN_RETRY_MS = 1_000;

/**
 * Shutdown: every stream of this server ends with a `retry:` hint instead of an outcome; the browser reconnects
 * (to another instance) and the outcome, kept in the database, is claimed there.
 */
export function closeBindingStreams(db: object, retryMs = SHUTDOWN_RETRY_MS): number {
  const streams = [...(openStreams.get(db) ?? [])];
  for (const close of streams) close(retryMs);
  return streams.length;
}

export const STREAM_EXPIRED_MESSAGE = 'Время ожидания входа истекло, попробуйте ещё раз';

export function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** Only the bearer that asked for the binding may listen; anyone else learns nothing (404 like an unknown id). */
function sameBearer(bearer: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  return timingSafeEqual(Buffer.from(bearerHash(bearer), 'hex'), Buffer.from(storedHash, 'hex'));
}

/**
 * Server-sent events for one binding: comments as keep-alives, then exactly one JSON message
 * (`{status: 'ok', token?}` or `{message}`), then the stream closes. The outcome is claimed from
 * the database, so it is delivered once and then gone.
 */
export async function streamBindingEvents(
  db: Queryable,
  eventEmitterId: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const bearer = bearerOf(request);
  if (!bearer) throw unauthorized('Unauthorized');
  const binding = await findBinding(db, eventEmitterId);
  if (!binding || !sameBearer(bearer, binding.requesterTokenHash)) throw notFound('Not Found');
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  let keepAlive: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let expiry: NodeJS.Timeout | undefined;
  let closed = false;
  // The emitter wants a plain listener; tryClaim catches its own failures.
  const onOutcome = (): void => void tryClaim();
  const cleanup = () => {
    closed = true;
    clearInterval(keepAlive);
    clearInterval(poll);
    clearTimeout(expiry);
    bindingEvents.off(eventEmitterId, onOutcome);
    openStreams.get(db)?.delete(closeForShutdown);
    if (liveStreams.get(eventEmitterId) === closeQuietly) liveStreams.delete(eventEmitterId);
  };
  const closeForShutdown = (retryMs: number) => {
    cleanup();
    if (!res.writableEnded) res.end(`retry: ${retryMs}\n\n`);
  };
  // One live stream per binding (in this instance): a newer one replaces the older, so one binding
  // cannot hold dozens of sockets for ten minutes.
  const closeQuietly = () => {
    cleanup();
    if (!res.writableEnded) res.end();
  };
  liveStreams.get(eventEmitterId)?.();
  liveStreams.set(eventEmitterId, closeQuietly);
  // Listen for the browser leaving before claiming: an outcome claimed for a gone socket would be lost.
  request.raw.on('close', cleanup);
  function finish(message: BindingOutcome): void {
    cleanup();
    if (res.writableEnded) return;
    res.write(`data: ${JSON.stringify(message)}\n\n`);
    res.end();
  }
  let claiming = false;
  async function tryClaim(): Promise<void> {
    // A browser that has gone must not take the outcome away from one that reconnects.
    if (closed || claiming || res.destroyed) return;
    claiming = true;
    try {
      const outcome = await claimOutcome(db, eventEmitterId);
      if (outcome) finish(outcome);
    } catch (error) {
      request.log.error({ err: error }, 'binding stream: claim failed');
    } finally {
      claiming = false;
    }
  }
  if (res.destroyed) return cleanup();
  const first = await claimOutcome(db, eventEmitterId);
  if (first) return finish(first);
  const remaining = binding.expiresAt - Date.now();
  if (remaining <= 0) return finish({ message: STREAM_EXPIRED_MESSAGE });
  res.write(': connected\n\n');
  let streams = openStreams.get(db);
  if (!streams) openStreams.set(db, (streams = new Set()));
  streams.add(closeForShutdown);
  bindingEvents.on(eventEmitterId, onOutcome);
  keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  poll = setInterval(onOutcome, POLL_MS);
  expiry = setTimeout(() => finish({ message: STREAM_EXPIRED_MESSAGE }), remaining);
}
