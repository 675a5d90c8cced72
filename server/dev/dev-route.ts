import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseRequest } from '../http/route';

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
      // The same text guard and parsing as the contract routes.
      const input = parseRequest(request, def) as Pick<DevRouteContext<Out<BS>, Out<QS>, Out<PS>>, 'body' | 'query' | 'params'>;
      const data = await def.handler({ ...input, request, reply });
      return { result: 'ok', data: data ?? null };
    },
  });
}
