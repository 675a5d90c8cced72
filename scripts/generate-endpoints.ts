/**
 * Writes contract/endpoints.ts, the client's zod-free table of routes, from the declarations in contract/api/:
 *   npm run contract:generate
 * Run it after declaring or changing a route; the typecheck and a unit test fail while the committed table differs.
 */
import { writeFileSync } from 'node:fs';
import { ENDPOINTS_FILE, endpointsTableSource } from './endpoints-table';

writeFileSync(ENDPOINTS_FILE, await endpointsTableSource());
console.log('contract/endpoints.ts');
