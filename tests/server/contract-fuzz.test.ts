import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES, endpoints, type EndpointName } from '@kvarta/contract';
import { errorEnvelopeSchema, routeSchemas } from '@kvarta/contract/schemas';
import { arbitraryOf, wrongValue, type JsonSchema } from './json-schema-arbitrary';
import { signedInUser } from './helpers';
import { useTestServer } from './helpers';

/**
 * Property: whatever a client sends to any route of the OpenAPI document — well-shaped or slightly
 * wrong, anonymous or signed in — the server never fails (no 500), every failure is the error
 * envelope with its own status, and every success is what the route's response schema promises.
 */
const server = useTestServer();

const SEED = 20_261_123;
const RUNS_PER_ROUTE = 20;

interface Operation {
  name: EndpointName;
  method: string;
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  body?: JsonSchema;
}

interface Request {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: EndpointName;
        parameters: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }>;
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components: { schemas: Record<string, JsonSchema> };
};

function operationsOf(doc: Document): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      name: op.operationId,
      method: method.toUpperCase(),
      path,
      pathParams: op.parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
      query: op.parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: p.required, schema: p.schema })),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}

function requestArbitrary(op: Operation, resolve: (ref: string) => JsonSchema): fc.Arbitrary<Request> {
  const params = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, arbitraryOf(p.schema, resolve)])));
  const query = fc.record(Object.fromEntries(op.query.map((p) => [p.name, arbitraryOf(p.schema, resolve)])), {
    requiredKeys: op.query.filter((p) => p.required).map((p) => p.name),
  });
  const body = op.body ? arbitraryOf(op.body, resolve) : fc.constant(undefined);
  return fc.record({ params, query, body });
}

/** One small lie in an otherwise valid request: a field of the wrong kind, a missing one, an extra one, or garbage for a body. */
function slightlyInvalid(valid: fc.Arbitrary<Request>): fc.Arbitrary<Request> {
  return fc
    .tuple(valid, fc.constantFrom('params', 'query', 'body'), fc.nat(), wrongValue, fc.constantFrom('wrong', 'drop', 'extra', 'garbage'))
    .map(([request, part, index, value, how]) => {
      const copy: Request = structuredClone(request);
      const target = part === 'body' ? copy.body : copy[part];
      if (how === 'garbage' && part === 'body') return { ...copy, body: value };
      if (!target || typeof target !== 'object' || Array.isArray(target)) return { ...copy, body: value };
      const record = target as Record<string, unknown>;
      const keys = Object.keys(record);
      const key = keys.length ? keys[index % keys.length]! : 'unexpected';
      if (how === 'drop' && part !== 'params') delete record[key];
      else if (how === 'extra') record.unexpectedField = value;
      else record[key] = value;
      return copy;
    });
}

function urlOf(op: Operation, request: Request): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(request.params[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

describe('every route of the OpenAPI document, fuzzed', () => {
  it('no 500, every error the envelope, every success its response schema (fixed seed)', { timeout: 120_000 }, async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    const resolve = (ref: string) => doc.components.schemas[ref.replace('#/components/schemas/', '')]!;
    const operations = operationsOf(doc);
    expect(operations.map((o) => o.name).sort()).toEqual([...ENDPOINT_NAMES].sort());

    const anonymous = await server.anonymousToken();
    const { token: signedIn } = await signedInUser(server);
    const tokens = { anonymous, signedIn };
    const statuses = new Map<number, number>();
    let requests = 0;

    for (const op of operations) {
      const valid = requestArbitrary(op, resolve);
      const check = async (request: Request, who: keyof typeof tokens) => {
        const res = await server.app.inject({
          method: op.method as 'GET',
          url: urlOf(op, request),
          headers: { authorization: `Bearer ${tokens[who]}` },
          ...(op.body !== undefined && request.body !== undefined
            ? {
                payload: JSON.stringify(request.body),
                headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' },
              }
            : {}),
        });
        requests += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${op.name} (${who}) ${op.method} ${urlOf(op, request)} ${JSON.stringify(request.body ?? null).slice(0, 300)}`;
        expect(res.statusCode, `${where} → ${res.body.slice(0, 500)}`).not.toBe(500);
        const body = res.json<{ result: string; data?: unknown; statusCode?: number }>();
        if (res.statusCode >= 400) {
          expect(errorEnvelopeSchema.safeParse(body).success, `${where}: not the error envelope: ${res.body.slice(0, 300)}`).toBe(true);
          expect(body.statusCode, where).toBe(res.statusCode);
        } else {
          expect(body.result, where).toBe('ok');
          const parsed = routeSchemas[op.name].response.safeParse(body.data);
          expect(parsed.success, `${where}: answer does not match the contract: ${parsed.error?.message ?? ''}`).toBe(true);
        }
      };
      await fc.assert(
        fc.asyncProperty(fc.oneof(valid, slightlyInvalid(valid)), fc.constantFrom<keyof typeof tokens>('anonymous', 'signedIn'), check),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    // The counts for the report: how many requests, and which answers they got.
    console.info(
      `contract fuzz: ${operations.length} routes, ${requests} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(endpoints).toBeDefined();
  });
});
