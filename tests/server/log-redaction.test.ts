import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/http/log-redaction';
import { useTestServer } from './helpers';

const INIT_DATA = 'user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const TOKEN = 'bind_8Jq2ZxL0pW4vN7cR';

/** Every secret value must be gone from the logged URL, however its name or the path was encoded. */
function expectHidden(url: string, ...secrets: string[]): string {
  const logged = redactUrl(url);
  for (const secret of secrets) {
    expect(logged).not.toContain(secret);
    expect(decodeURIComponent(decodeURIComponent(logged))).not.toContain(secret);
  }
  expect(logged).toContain('[скрыто]');
  return logged;
}

describe('request logs keep the route shape, never the secrets', () => {
  it('plain secret names are hidden, other parameters kept', () => {
    expect(redactUrl(`/dev/telegram?start=${TOKEN}&lang=ru`)).toBe('/dev/telegram?start=[скрыто]&lang=ru');
    expect(redactUrl('/api/apartments?page=2&sort=price')).toBe('/api/apartments?page=2&sort=price');
    expect(redactUrl('/passport/data/events/telegram/ev-123456')).toBe('/passport/data/events/telegram/[скрыто]');
  });

  it("Telegram's tgWebAppData in the query is hidden", () => {
    const logged = expectHidden(
      `/tma/?tgWebAppData=${encodeURIComponent(INIT_DATA)}&tgWebAppVersion=8.0`,
      '0f1e2d3c4b5a6978',
      '1700000000',
    );
    expect(logged).toContain('tgWebAppVersion=8.0');
  });

  it('percent-encoded names are decoded before they are matched', () => {
    expectHidden(`/dev/telegram?%73tart=${TOKEN}`, TOKEN);
    expectHidden(`/dev/telegram?%2573tart=${TOKEN}`, TOKEN);
    expectHidden(`/dev/telegram?%74%6F%6B%65%6E=${TOKEN}`, TOKEN);
    expectHidden(`/tma/?tg%57ebAppData=${encodeURIComponent(INIT_DATA)}`, '0f1e2d3c4b5a6978');
    expectHidden(`/tma/?%20initData+=${encodeURIComponent(INIT_DATA)}`, '0f1e2d3c4b5a6978');
    expectHidden(`/dev/telegram?x=1%26start%3D${TOKEN}`, TOKEN);
  });

  it('an encoded ? or # in the path does not carry a secret past the redaction', () => {
    expectHidden(`/tma/%3FtgWebAppData=${encodeURIComponent(INIT_DATA)}`, '0f1e2d3c4b5a6978');
    expectHidden(`/tma/%23tgWebAppData%3D${encodeURIComponent(INIT_DATA)}`, '0f1e2d3c4b5a6978');
    expectHidden(`/passport/data/events/%74elegram/ev-123456`, 'ev-123456');
  });

  it('every value is hidden unless its name is on the allow-list of harmless names', () => {
    expect(redactUrl('/api/x?access_token=SECRET&auth=X&phone=79991234567&city=spb')).toBe(
      '/api/x?access_token=[скрыто]&auth=[скрыто]&phone=[скрыто]&city=spb',
    );
    expect(redactUrl('/api/x?restart=1&email=a%40b.ru&page=2')).toBe('/api/x?restart=[скрыто]&email=[скрыто]&page=2');
  });

  it('an allowed name does not carry a secret folded into its value, nor a bare value or an odd name its data', () => {
    expectHidden('/api/x?city=spb%26phone%3D79991234567', '79991234567');
    expectHidden('/api/x?79991234567', '79991234567');
    expectHidden('/api/x?phone%3A79991234567=1', '79991234567');
  });
});

describe('the request log line', () => {
  const logLines: string[] = [];
  const server = useTestServer('pglite', { logLines });

  it('keeps harmless query values and none of the secrets', async () => {
    await server.call({ method: 'GET', url: '/api/x?access_token=SECRET&auth=X&phone=79991234567&city=spb' });
    const line = logLines.find((l) => l.includes('/api/x?'));
    expect(line).toContain('city=spb');
    for (const secret of ['SECRET', 'auth=X', '79991234567']) expect(logLines.join('\n')).not.toContain(secret);
  });
});
