import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_BASES, ENDPOINT_NAMES, endpoints, type EndpointName, type EndpointOf } from '@kvarta/contract';
import { findUnsafeInput, routeSchemas, type UnsafeInput } from '@kvarta/contract/schemas';
import type { Authenticator } from './session';
import type { UserRow } from '../auth/users';
import { DomainError, badRequest, forbidden } from '../core/errors';
import { HttpError } from './errors';
import { sendUnchanging, unchangingEnvelope } from './unchanging-answer';
import { rememberRequestUser } from './request-user';

// Validation messages reach people (toasts, forms): Russian, like every other error message.
z.config(z.locales.ru());

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The zod schemas a route validates with: for documentation and the fuzz test. */
    contract?: { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
  }
  interface FastifyInstance {
    /** Resolves the caller of a contract route (server/app.ts decorates the root instance). */
    routeAuth: Authenticator;
    /** Tests: check every answer against the route's response schema (a mismatch is a 500 naming the field). */
    checkResponses: boolean;
    /** ADMIN_TOKEN: what `admin` routes take as the bearer token; null turns them off (404). */
    adminToken: string | null;
    /** The operator's tries per address: `before` throws 429 at a locked address, `wrong` counts a wrong token. */
    adminTries: AdminTries;
    /** The contract routes registered so far: each exactly once, and all of them (server/app.ts checks). */
    contractRoutes: Set<EndpointName>;
  }
}

/** Limits on guessing ADMIN_TOKEN (server/http/app-limits.ts): only wrong tokens count. */
export interface AdminTries {
  before(ip: string): Promise<void>;
  wrong(ip: string): Promise<void>;
}

type Schemas = typeof routeSchemas;
type Parsed<N extends EndpointName, K extends 'params' | 'query' | 'body'> =
  Schemas[N] extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;
/** What a handler may answer: the response schema's input (defaults may be left out), readonly arrays allowed. */
type Answer<N extends EndpointName> = DeepReadonly<z.input<Schemas[N]['response']>>;
type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
/** `anyone` routes get the caller only when they ask to identify it; the others always have one. */
type CallerOf<N extends EndpointName> = EndpointOf<N>['access'] extends 'anyone'
  ? UserRow | null
  : EndpointOf<N>['access'] extends 'admin'
    ? null
    : UserRow;

export interface RouteContext<N extends EndpointName> {
  params: Parsed<N, 'params'>;
  query: Parsed<N, 'query'>;
  body: Parsed<N, 'body'>;
  user: CallerOf<N>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions<N extends EndpointName> {
  handler: (ctx: RouteContext<N>) => Promise<Answer<N>> | Answer<N>;
  /**
   * `anyone` routes only: identify the caller by the bearer token. `strict`: a bad token is a 401
   * (the client then refreshes it); `lenient`: a bad token counts as none. Without it, `user` is null.
   */
  identify?: 'strict' | 'lenient';
  /** `signedIn` routes: the 403 for an anonymous caller, in the words of the feature. */
  anonymousMessage?: string;
  /** `token` routes: answer this instead of the 401 for a revoked token (spec §8: the cabinet profile is then null). */
  whenRevoked?: () => Answer<N>;
  /**
   * The handler writes the caller's data: an anonymous session without a row gets it now (reads answer it as a new
   * visitor without one), and an anonymous caller's write counts against its limits.
   */
  writes?: true;
  /** A rate limit that counts every well-formed attempt, before the caller is even identified (throws 429). */
  limit?: (request: FastifyRequest) => void | Promise<void>;
  /** A body the schema refuses, in the words of the feature (the default names each field). */
  invalidBody?: (raw: unknown, error: z.ZodError) => HttpError | DomainError;
}

/** '/a/b: message; /c: message' — short enough for a toast, precise enough to fix the request. */
export function describeIssues(where: string, error: z.ZodError): string {
  return error.issues.map((issue) => `${[where, ...issue.path.map(String)].join('.')}: ${issue.message}`).join('; ');
}

function parse(
  schema: z.ZodType | undefined,
  value: unknown,
  where: 'params' | 'query' | 'body',
  invalid?: RouteOptions<EndpointName>['invalidBody'],
): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  if (where === 'body' && invalid) throw invalid(value, result.error);
  throw badRequest(describeIssues(where, result.error), { issues: result.error.issues });
}

/**
 * A request's params, query and body through their schemas (contract and developer routes alike). The guard sees the
 * raw input, keys included (zod drops unknown keys): absurd nesting is refused before zod walks it; unsafe text after
 * zod, so a field's own message wins.
 */
export function parseRequest(
  request: FastifyRequest,
  schemas: { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType },
  invalidBody?: RouteOptions<EndpointName>['invalidBody'],
): { params: unknown; query: unknown; body: unknown } {
  const unsafe = findUnsafeIn(request);
  if (unsafe?.kind === 'depth') throw badRequest(unsafe.message, { path: unsafe.path });
  const params = parse(schemas.params, request.params, 'params');
  const query = parse(schemas.query, request.query, 'query');
  const body = parse(schemas.body, request.body, 'body', invalidBody);
  if (unsafe) throw badRequest(unsafe.message, { path: unsafe.path });
  return { params, query, body };
}

/** The first NUL, lone surrogate or too-deep nesting in params, query or body (keys included), if any. */
export function findUnsafeIn(request: FastifyRequest): UnsafeInput | null {
  for (const [where, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const unsafe = findUnsafeInput(value, where);
    if (unsafe) return unsafe;
  }
  return null;
}

/** The path as Fastify routes it: `{x}` → `:x`. */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

async function callerOf(
  app: FastifyInstance,
  name: EndpointName,
  options: RouteOptions<EndpointName>,
  request: FastifyRequest,
): Promise<UserRow | null | { revoked: true }> {
  const { access } = endpoints[name];
  if (access === 'admin') return checkAdmin(app, request);
  if (access === 'anyone') {
    if (!options.identify) return null;
    const user = app.routeAuth.optionalUser(request);
    return options.identify === 'lenient' ? user.catch(() => null) : user;
  }
  let user: UserRow;
  try {
    user = await app.routeAuth.requireUser(request);
  } catch (error) {
    if (options.whenRevoked && error instanceof DomainError && error.message === 'Token was revoked') return { revoked: true };
    throw error;
  }
  if (access === 'signedIn' && user.isAnonymous) throw forbidden(options.anonymousMessage ?? 'Войдите через Telegram');
  return user;
}

/**
 * The operator's routes: the bearer token must be ADMIN_TOKEN, compared in constant time. A locked address is refused
 * before the comparison (the right token gets the same 429), and only a wrong token counts against it.
 */
async function checkAdmin(app: FastifyInstance, request: FastifyRequest): Promise<null> {
  if (!app.adminToken) throw new HttpError(404, 'Not Found');
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!given) throw new HttpError(401, 'Нужен токен администратора');
  await app.adminTries.before(request.ip);
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(app.adminToken).digest();
  if (timingSafeEqual(a, b)) return null;
  await app.adminTries.wrong(request.ip);
  throw forbidden('Неверный токен администратора');
}

/**
 * A contract route: method and path from `endpoints`, params/query/body parsed with `routeSchemas`
 * (400 naming the field), then the access rule (401/403), then the handler; the answer is wrapped
 * in `{result: 'ok', data}`. Register it inside the plugin of its service's prefix.
 */
export function route<N extends EndpointName>(app: FastifyInstance, name: N, options: RouteOptions<N>): void {
  const endpoint = endpoints[name];
  const schemas: Partial<Record<'params' | 'query' | 'body', z.ZodType>> & { response: z.ZodType } = routeSchemas[name];
  const base = API_BASES[endpoint.service];
  if (app.prefix !== base) throw new Error(`${name}: registered under '${app.prefix}', but the contract puts it under '${base}'`);
  if (app.contractRoutes.has(name)) throw new Error(`${name}: registered twice`);
  app.contractRoutes.add(name);
  const opts = options as unknown as RouteOptions<EndpointName>;
  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    config: { contract: { body: schemas.body, query: schemas.query, params: schemas.params } },
    handler: async (request, reply) => {
      const { params, query, body } = parseRequest(request, schemas, opts.invalidBody);
      await opts.limit?.(request);
      const caller = await callerOf(app, name, opts, request);
      const user = opts.writes && caller && !('revoked' in caller) ? await app.routeAuth.forWrite(caller, request) : caller;
      if (user && 'id' in user && user.id > 0) rememberRequestUser(request, user.id);
      const data =
        user && 'revoked' in user
          ? opts.whenRevoked!()
          : await opts.handler({ params, query, body, user, request, reply } as RouteContext<EndpointName>);
      if (app.checkResponses) checkResponse(name, schemas.response, data ?? null);
      const kept = unchangingEnvelope(data);
      if (kept) return sendUnchanging(request, reply, kept);
      return { result: 'ok', data: data ?? null };
    },
  });
}

/** Tests only: the answer must be what the contract promises the client. */
function checkResponse(name: EndpointName, schema: z.ZodType, data: unknown): void {
  // Through JSON, as the client sees it (dates become strings, undefined fields disappear).
  const result = schema.safeParse(JSON.parse(JSON.stringify(data)));
  if (!result.success) throw new HttpError(500, `Ответ ${name} не соответствует контракту: ${describeIssues('response', result.error)}`);
}

/** Every route of the contract has its handler: a forgotten one would answer 404 only at run time. */
export function assertContractImplemented(app: FastifyInstance): void {
  const missing = ENDPOINT_NAMES.filter((name) => !app.contractRoutes.has(name));
  if (missing.length > 0) throw new Error(`Contract routes without a handler: ${missing.join(', ')}`);
}
