import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from './errors';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDefinition<BS, QS, PS, R> {
  method: Method;
  url: string;
  body?: BS;
  query?: QS;
  params?: PS;
  handler: (ctx: RouteContext<Out<BS>, Out<QS>, Out<PS>>) => Promise<R> | R;
}

/** '/a/b: message; /c: message' — short enough for a toast, precise enough to fix the request. */
export function describeIssues(where: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => `${[where, ...issue.path.map(String)].join('.')}: ${issue.message}`)
    .join('; ');
}

function parse<S extends Schema | undefined>(schema: S, value: unknown, where: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!result.success) throw badRequest(describeIssues(where, result.error), { issues: result.error.issues });
  return result.data as Out<S>;
}

/** A thin route: validate with the contract's zod schemas, call the module, wrap in `{result: 'ok', data}`. */
export function route<BS extends Schema | undefined, QS extends Schema | undefined, PS extends Schema | undefined, R>(
  app: FastifyInstance,
  def: RouteDefinition<BS, QS, PS, R>,
): void {
  app.route({
    method: def.method,
    url: def.url,
    handler: async (request, reply) => {
      const params = parse<PS>(def.params as PS, request.params, 'params');
      const query = parse<QS>(def.query as QS, request.query, 'query');
      const body = parse<BS>(def.body as BS, request.body, 'body');
      const data = await def.handler({ body, query, params, request, reply });
      return { result: 'ok', data: data ?? null };
    },
  });
}
