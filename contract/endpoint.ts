/**
 * How a JSON route of the three APIs is declared: once, with `endpoint({...})` in a file of `contract/api/`, holding
 * its method, service, path, access, its line in the API reference and its zod schemas. Zod-free at run time (zod
 * appears here as types only): the generated table `endpoints.ts`, which the client imports, takes its types from here.
 */
import type { z } from 'zod';
import type { ApiService } from './paths';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * - `anyone`: no token needed (a valid one may still identify the caller);
 * - `token`: any bearer token, anonymous or not (401 without one);
 * - `signedIn`: a token of a user signed in through Telegram (401 without a token, 403 for an anonymous one);
 * - `admin`: the operator's ADMIN_TOKEN as the bearer token (401 without one, 403 for any other; 404 while unset).
 */
export type Access = 'anyone' | 'token' | 'signedIn' | 'admin';

/** What the client needs of a route, and all that the generated `endpoints.ts` holds of it. */
export interface Endpoint {
  method: HttpMethod;
  service: ApiService;
  /** Relative to the service's base; placeholders look like `{name}` (spec §5 URL building). */
  path: string;
  access: Access;
}

/** The schemas of a route's path params, query, body and response (the `data` of `{result: 'ok', data}`). */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** A route as declared: its entry of the client's table, its summary and its schemas. */
export interface EndpointDeclaration extends Endpoint, RouteSchemas {
  /** One line for the API reference (`/api/docs`), in Russian. */
  summary: string;
}

type EndpointInput = Omit<EndpointDeclaration, 'service'> & { service?: ApiService };
type Declared<D extends EndpointInput> = D extends { service: ApiService } ? D : D & { service: 'main' };

/**
 * One route; `service` is the main API unless it says otherwise. The literals are kept (`const`), so the client's
 * table and the server's route types can be inferred by name.
 */
export function endpoint<const D extends EndpointInput>(declaration: D): Declared<D> {
  return { service: 'main', ...declaration } as Declared<D>;
}
