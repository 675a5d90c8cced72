/**
 * The OpenAPI 3.1 document, generated from the same declarations the server registers and the client
 * calls: requests as zod's input types, answers as its output types inside the `{result: 'ok', data}`
 * envelope, `access` as the bearer requirement, every failure as the error envelope.
 */
import { z } from 'zod';
import { errorEnvelopeSchema } from './envelope';
import type { Access, EndpointDeclaration } from './endpoint';
import { ENDPOINT_NAMES, type EndpointName } from './endpoints';
import { API_BASES } from './paths';
import { routeSchemas } from './schemas';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements have no JSON Schema: the document shows the shape they start from.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** Path and query schemas are objects; OpenAPI wants one parameter per property. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

const ERROR = { $ref: '#/components/responses/Error' };
const BEARER = [{ bearer: [] as string[] }];

/** Which failures a route can answer, besides 400 for a request its schemas refuse and 500. */
function errorResponses(access: Access): Record<string, unknown> {
  const byAccess: Record<Access, Record<string, unknown>> = {
    anyone: {},
    token: { '401': ERROR },
    signedIn: { '401': ERROR, '403': ERROR },
    admin: { '401': ERROR, '403': ERROR },
  };
  return { '400': ERROR, ...byAccess[access], '404': ERROR, '500': ERROR };
}

function operation(name: EndpointName): JsonSchema {
  const endpoint: EndpointDeclaration = routeSchemas[name];
  const data = jsonSchema(endpoint.response, 'output');
  return {
    operationId: name,
    summary: endpoint.summary,
    tags: [endpoint.service],
    // `anyone`: a token is optional (`{}` is "no requirement"); the others need one.
    security: endpoint.access === 'anyone' ? [{}, ...BEARER] : BEARER,
    ...(endpoint.access === 'signedIn' ? { description: 'Только для вошедших через Telegram (анонимный токен получит 403).' } : {}),
    ...(endpoint.access === 'admin' ? { description: 'Только для оператора: токен ADMIN_TOKEN.' } : {}),
    parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')],
    ...(endpoint.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } } }
      : {}),
    responses: {
      '200': {
        description: 'Успех: `{result: "ok", data}`',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['result', 'data'],
              properties: { result: { const: 'ok' }, data },
              additionalProperties: false,
            },
          },
        },
      },
      ...errorResponses(endpoint.access),
    },
  };
}

/** The whole document; the server builds it once and serves it at `/api/openapi.json`. */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const name of ENDPOINT_NAMES) {
    const { service, path, method } = routeSchemas[name];
    const full = `${API_BASES[service]}${path}`;
    (paths[full] ??= {})[method.toLowerCase()] = operation(name);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Кварта API',
      version: '1.0.0',
      description:
        'Основной API (`/api`), паспорт (`/passport`) и API бота (`/bot-api`) «Кварты». Каждый успешный ответ — `{result: "ok", data}`, каждая ошибка — `{result: "error", message, statusCode, detail}`. Токен: `POST /passport/data/token`, затем `Authorization: Bearer <token>`.',
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'main', description: 'Основной API' },
      { name: 'passport', description: 'Токены и вход через Telegram' },
      { name: 'botApi', description: 'API веб-приложения бота' },
    ],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output') },
      responses: {
        Error: {
          description: 'Ошибка: сообщение по-русски, HTTP-статус и подробности',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
    },
  };
}
