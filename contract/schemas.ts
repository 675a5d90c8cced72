/**
 * Every JSON route of the three APIs, as declared once in `contract/api/`: method, service, path, access, summary and
 * the schemas of its path params, query, body and response. Only the server, the API reference and the tests import
 * this file at run time; the client takes the generated zod-free table `endpoints.ts` and the `Endpoints` types.
 */
import type { z } from 'zod';
import { adminEndpoints } from './api/admin';
import { botApiEndpoints } from './api/bot-api';
import { cabinetEndpoints } from './api/cabinet';
import { catalogEndpoints } from './api/catalog';
import { initEndpoints } from './api/init';
import { liraEndpoints } from './api/lira';
import { passportEndpoints } from './api/passport';
import { siteEndpoints } from './api/site';
import { subscriptionEndpoints } from './api/subscription';
import { topEndpoints } from './api/top';
import type { Endpoint, EndpointDeclaration } from './endpoint';
import type { EndpointName, endpoints } from './endpoints';

// Every schema by name, for the server and the tests (formerly the contract's index).
export { errorEnvelopeSchema } from './envelope';
export { findUnsafeInput } from './safe-input';
export type { UnsafeInput } from './safe-input';

/** The declarations by name, in the order of the generated table. */
export const routeSchemas = {
  ...siteEndpoints,
  ...initEndpoints,
  ...cabinetEndpoints,
  ...catalogEndpoints,
  ...adminEndpoints,
  ...topEndpoints,
  ...liraEndpoints,
  ...subscriptionEndpoints,
  ...passportEndpoints,
  ...botApiEndpoints,
} satisfies Record<string, EndpointDeclaration>;

/**
 * The generated table says what the declarations say, name for name and field for field: a `never` here means
 * `endpoints.ts` is out of date (`npm run contract:generate` writes it again).
 */
type Declared = { [N in keyof typeof routeSchemas]: Pick<(typeof routeSchemas)[N], keyof Endpoint> };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export type EndpointsGenerated = Same<Declared, typeof endpoints>;
const _generated: EndpointsGenerated = true;
void _generated;

type Schemas = typeof routeSchemas;
type InputOf<N extends EndpointName, K extends 'params' | 'query' | 'body'> =
  Schemas[N] extends Record<K, infer S extends z.ZodType> ? z.input<S> : undefined;

/**
 * Each route's types, inferred from its schemas: requests as the client sends them (`z.input`),
 * the response as the server answers it (`z.output`). The client imports this with `import type`.
 */
export type Endpoints = {
  [N in EndpointName]: {
    params: InputOf<N, 'params'>;
    query: InputOf<N, 'query'>;
    body: InputOf<N, 'body'>;
    response: z.output<Schemas[N]['response']>;
  };
};

export type ResponseOf<N extends EndpointName> = Endpoints[N]['response'];
