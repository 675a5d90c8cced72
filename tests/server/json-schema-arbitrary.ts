import fc from 'fast-check';

/** The slice of JSON Schema (2020-12, as zod writes it) that our OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
}

/** Small on purpose: the point is the shape of every route, not big payloads. */
const MAX_ITEMS = 4;
const MAX_STRING = 24;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, minLength + MAX_STRING));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  if (schema.pattern) {
    try {
      const re = new RegExp(schema.pattern);
      return fc.stringMatching(re).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      /* a pattern fast-check cannot generate from (lookarounds): plain strings, the server refuses what it must */
    }
  }
  return fc.string({ minLength, maxLength });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lowest = integer ? -1_000_000 : -1e9;
  const highest = integer ? 1_000_000_000 : 1e9;
  let min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : lowest);
  let max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : highest);
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (integer) {
    // Mostly small, real-looking ids and counts, sometimes the edges.
    const small = fc.integer({ min: Math.max(min, Math.min(0, max)), max: Math.min(max, Math.max(min, 100)) });
    return fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), weight: 1 });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values valid for `schema` (as far as JSON Schema can say: refinements are the server's). */
export function arbitraryOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) return arbitraryOf(resolve(schema.$ref), resolve, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => arbitraryOf(s, resolve, depth + 1)));
  if (schema.allOf?.length === 1) return arbitraryOf(schema.allOf[0]!, resolve, depth);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type }, resolve, depth)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((s) => arbitraryOf(s, resolve, depth + 1)));
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, minLength + MAX_ITEMS));
      return fc.array(arbitraryOf(schema.items ?? {}, resolve, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, arbitraryOf(s, resolve, depth + 1)])),
        { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
      );
      if (typeof schema.additionalProperties !== 'object' || Object.keys(properties).length > 0) return record;
      // A record (z.record): a few keys of its key schema.
      const keys = schema.propertyNames
        ? (arbitraryOf(schema.propertyNames, resolve, depth + 1) as fc.Arbitrary<string>)
        : fc.string({ maxLength: 12 });
      return fc.dictionary(keys, arbitraryOf(schema.additionalProperties, resolve, depth + 1), { maxKeys: 3 });
    }
  }
  // `{}` (z.unknown): any small JSON value.
  return fc.jsonValue({ maxDepth: depth > 2 ? 0 : 2 });
}

/** A value of the wrong kind for any field: what a careless or hostile client sends. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 5 }),
  fc.constant(-1),
  fc.constant(1e12),
  fc.string({ maxLength: 8 }),
  fc.constant(''),
  fc.constant([]),
  fc.constant({}),
  fc.constant('<script>'),
);
