import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../core/errors';
import { describeIssues, findUnsafeIn } from '../http/route';

// The developer tools' JSON routes (/dev/…): local-only helpers that are no part of the API contract.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface DevRouteContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface DevRouteDefinition<BS, QS, PS, R> {
  method: Method;
  url: string;
  body?: BS;
  query?: QS;
  params?: PS;
  handler: (ctx: DevRouteContext<Out<BS>, Out<QS>, Out<PS>>) => Promise<R> | R;
}

function parse<S extends Schema | undefined>(schema: S, value: unknown, where: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!result.success) throw badRequest(describeIssues(where, result.error), { issues: result.error.issues });
  return result.data as Out<S>;
}

/** A developer tool's route: validate with its zod schemas, call the module, wrap in `{result: 'ok', data}`. */
export function devRoute<BS extends Schema | undefined, QS extends Schema | undefined, PS extends Schema | undefined, R>(
  app: FastifyInstance,
  def: DevRouteDefinition<BS, QS, PS, R>,
): void {
  app.route({
    method: def.method,
    url: def.url,
    config: { contract: { body: def.body, query: def.query, params: def.params } },
    handler: async (request, reply) => {
      // The same text guard as the contract routes: absurd nesting before zod, unsafe text after it.
      const unsafe = findUnsafeIn(request);
      if (unsafe?.kind === 'depth') throw badRequest(unsafe.message, { path: unsafe.path });
      const params = parse<PS>(def.params as PS, request.params, 'params');
      const query = parse<QS>(def.query as QS, request.query, 'query');
      const body = parse<BS>(def.body as BS, request.body, 'body');
      if (unsafe) throw badRequest(unsafe.message, { path: unsafe.path });
      const data = await def.handler({ body, query, params, request, reply });
      return { result: 'ok', data: data ?? null };
    },
  });
}
