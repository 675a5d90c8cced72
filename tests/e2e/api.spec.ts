import { expect, test } from './fixtures';
import { runServerUntilExit } from '../support/run-server';

test.describe('API through the real server', () => {
  test('city list returns exactly kladr 78, 77, 161, 541, 661', async ({ request }) => {
    const res = await request.get('/api/init/city-list');
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { result: string; data: Array<{ kladr: number }> };
    expect(body.result).toBe('ok');
    expect(body.data.map((c) => c.kladr)).toEqual([78, 77, 161, 541, 661]);
  });

  test('a malformed request gets a 400 envelope', async ({ request }) => {
    const res = await request.post('/api/init/metro-list', { data: { cityIds: 'все' } });
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({ result: 'error', statusCode: 400, message: expect.stringContaining('cityIds') });
  });

  test('a second server on the same data folder refuses to start', async () => {
    const dataDir = process.env.KVARTA_E2E_DATA_DIR!;
    expect(dataDir).toBeTruthy();
    const { code, output } = await runServerUntilExit(dataDir);
    expect(code).toBe(1);
    expect(output).toContain('уже используется процессом PID');
  });
});
