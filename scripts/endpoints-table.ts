/**
 * The text of contract/endpoints.ts: the zod-free table of every route (method, service, path, access) that the client
 * imports at run time, taken from the declarations in contract/api/ (which carry zod and the API reference's lines).
 * scripts/generate-endpoints.ts writes it; tests/unit/contract-endpoints.test.ts checks the committed file against it.
 */
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { Endpoint } from '../contract/endpoint';
import { routeSchemas } from '../contract/schemas';

export const ENDPOINTS_FILE = join(import.meta.dirname, '../contract/endpoints.ts');

const HEADER = `/**
 * Generated from the declarations in \`contract/api/\` by \`npm run contract:generate\`: do not edit, declare a route
 * there. Every JSON route of the three APIs with what the client needs of it, zod-free, so the client can import it at
 * run time; the summaries and schemas stay in the declarations (\`@kvarta/contract/schemas\`).
 */
import type { Endpoint } from './endpoint';
`;

const FOOTER = `
export type EndpointName = keyof typeof endpoints;
export type EndpointOf<N extends EndpointName> = (typeof endpoints)[N];

export const ENDPOINT_NAMES = Object.keys(endpoints) as EndpointName[];
`;

function entry(name: string, { method, service, path, access }: Endpoint): string {
  return `  ${name}: ${JSON.stringify({ method, service, path, access })},`;
}

export async function endpointsTableSource(): Promise<string> {
  const table = Object.entries(routeSchemas).map(([name, declaration]) => entry(name, declaration));
  // \`satisfies\` keeps each literal (so the client can infer by name) and checks every entry's shape.
  const text = `${HEADER}\nexport const endpoints = {\n${table.join('\n')}\n} as const satisfies Record<string, Endpoint>;\n${FOOTER}`;
  return format(text, { ...(await resolveConfig(ENDPOINTS_FILE)), filepath: ENDPOINTS_FILE });
}
