import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS_FILE, endpointsTableSource } from '../../scripts/endpoints-table';

describe('the client’s endpoint table', () => {
  it('is what the declarations in contract/api/ generate (`npm run contract:generate` writes it again)', async () => {
    expect(readFileSync(ENDPOINTS_FILE, 'utf8')).toBe(await endpointsTableSource());
  });
});
