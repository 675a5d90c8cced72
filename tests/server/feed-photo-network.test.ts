import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadPhoto, photoDownloader, type PhotoDownloadOptions } from '../../server/feeds/images';
import { isInternalAddress } from '../../server/feeds/public-network';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A photo host on this machine that counts every request it gets: an internal address must never get one. */
let server: Server;
let port = 0;
const hits: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (to) return response.writeHead(302, { location: to }).end();
    const left = Number(url.searchParams.get('left') ?? 0);
    if (left > 0) return response.writeHead(302, { location: `/chain?left=${left - 1}` }).end();
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A resolver under the test's control: names map to the given addresses; every question is recorded. */
function resolver(names: Record<string, string[]>, asked: string[] = []): LookupFunction {
  return (hostname, options, callback) => {
    asked.push(hostname);
    const addresses: LookupAddress[] = (names[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (addresses.length === 0) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

async function fetchPhoto(url: string, options: Partial<PhotoDownloadOptions> = {}): Promise<Buffer> {
  const downloader = photoDownloader({ mediaDir: '/nonexistent', ...options });
  try {
    return await downloadPhoto(url, downloader);
  } finally {
    await downloader.close();
  }
}

const refused = async (url: string, options: Partial<PhotoDownloadOptions> = {}) => {
  const before = hits.length;
  await expect(fetchPhoto(url, options)).rejects.toThrow(/во внутренней сети/);
  expect(hits.length).toBe(before);
};

describe('feed photos never reach internal addresses', () => {
  it('the address rule covers every internal range and its IPv6 disguises', () => {
    const internal = [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.5',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '192.0.0.8',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::ffff:8.8.8.8',
      '::127.0.0.1',
      '::7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b::808:808',
      '64:ff9b:1::a',
      '2002:7f00:1::1',
      '2002:0808:0808::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      'ff05::1:3',
      '2001:db8::1',
      'not-an-address',
    ];
    expect(internal.filter((a) => !isInternalAddress(a))).toEqual([]);
    const publicOnes = ['8.8.8.8', '77.88.55.88', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2a02:6b8::2:242', '2001:4860:4860::8888'];
    expect(publicOnes.filter(isInternalAddress)).toEqual([]);
  });

  it('literal addresses in the URL, in every spelling, are refused before anything is sent', async () => {
    for (const host of [
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '127.0.0.1',
      '[::1]',
      '2130706433',
      '0x7f.1',
      '[::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '0.0.0.0',
      '[::]',
      '[::ffff:169.254.169.254]',
      '169.254.169.254',
      '[fd00::1]',
      '[fe80::1]',
      '[ff02::1]',
      '224.0.0.1',
      '255.255.255.255',
      '[2002:7f00:1::]',
      '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
      '10.0.0.1',
      '100.64.0.1',
    ])
      await refused(`http://${host}:${port}/x.png`);
  });

  it('names that resolve to internal addresses are refused by the lookup the socket connects with', async () => {
    const asked: string[] = [];
    const lookup = resolver(
      {
        'loopback.example.ru': ['127.0.0.1'],
        'mapped.example.ru': ['::ffff:127.0.0.1'],
        'metadata.example.ru': ['::ffff:169.254.169.254'],
        'nat64.example.ru': ['64:ff9b::a9fe:a9fe'],
        'private.example.ru': ['192.168.1.10'],
        'ula.example.ru': ['fd00::5'],
        // One public address among them does not make the name safe: the socket may pick the other one.
        'mixed.example.ru': ['93.184.216.34', '10.0.0.5'],
      },
      asked,
    );
    for (const name of ['loopback', 'mapped', 'metadata', 'nat64', 'private', 'ula', 'mixed'])
      await refused(`http://${name}.example.ru:${port}/x.png`, { network: { lookup } });
    // One question per download, asked by the connecting socket itself: there is no earlier check a second answer
    // could differ from (DNS rebinding), the address checked is the address connected to.
    expect(asked).toEqual(['loopback', 'mapped', 'metadata', 'nat64', 'private', 'ula', 'mixed'].map((n) => `${n}.example.ru`));
  });

  describe('with the test host standing in for a public one', () => {
    // Only this server's own address counts as public here, so the redirects it sends are what is judged.
    const network = {
      isInternal: (address: string) => address !== '127.0.0.1' && isInternalAddress(address),
      lookup: resolver({ 'photos.example.ru': ['127.0.0.1'], 'internal.example.ru': ['10.0.0.8'] }),
    };
    const via = (to: string) => `http://photos.example.ru:${port}/r?to=${encodeURIComponent(to)}`;

    it('a public photo is downloaded, through a redirect too', async () => {
      expect(await fetchPhoto(`http://photos.example.ru:${port}/x.png`, { network })).toEqual(PNG);
      expect(await fetchPhoto(via('/x.png'), { network })).toEqual(PNG);
    });

    it('every redirect is checked again: to a literal internal address, to a name resolving to one', async () => {
      for (const to of [
        `http://[::ffff:7f00:1]:${port}/x.png`,
        `http://[::1]:${port}/x.png`,
        'http://169.254.169.254/latest/meta-data/',
        'http://[::ffff:169.254.169.254]/latest/meta-data/',
        `http://internal.example.ru:${port}/x.png`,
      ]) {
        const before = hits.length;
        await expect(fetchPhoto(via(to), { network })).rejects.toThrow(/во внутренней сети/);
        // The redirecting request itself was served; nothing after it.
        expect(hits.length).toBe(before + 1);
      }
    });

    it('redirects are limited to three', async () => {
      await expect(fetchPhoto(`http://photos.example.ru:${port}/chain?left=4`, { network })).rejects.toThrow(
        /слишком много перенаправлений/,
      );
      await expect(fetchPhoto(`http://photos.example.ru:${port}/chain?left=3`, { network })).resolves.toEqual(PNG);
    });
  });

  it("a developer's machine may fetch from its own network (never set in production)", async () => {
    expect(await fetchPhoto(`http://127.0.0.1:${port}/x.png`, { allowPrivateHosts: true })).toEqual(PNG);
  });
});
