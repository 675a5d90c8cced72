import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFeed } from '../../server/feeds';
import { RUN_LIMITS, RunLimiter, type RunSink } from '../../server/feeds/yrl/run-limiter';
import { FeedFormatError, readYrlOffers, type ReadOffer } from '../../server/feeds/yrl/reader';
import { HOSTILE_FORMS, hostileFeed, type HostileForm } from '../support/hostile-feed';
import { useTestServer } from './helpers';

const SAMPLE = readFileSync(join(import.meta.dirname, '../fixtures/feeds/sample.xml'));
/** Bytes of each hostile run: past every limit of the run limiter (1 000 000 characters of text) by a margin. */
const RUN = 3 * RUN_LIMITS.text;

async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<ReadOffer[]> {
  const offers: ReadOffer[] = [];
  for await (const batch of readYrlOffers(chunks)) offers.push(...batch);
  return offers;
}

async function* inChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const refusals = (offers: ReadOffer[]) =>
  offers.filter((o) => o.refused).map((o) => ({ internalId: o.attributes['internal-id'], ...o.refused! }));

describe('a feed with one huge run is read in bounded memory', () => {
  it('an ordinary feed reads the same whatever its chunks: the limiter changes nothing there', async () => {
    const whole = JSON.stringify(await readAll(inChunks(SAMPLE, SAMPLE.length)));
    for (const size of [1, 2, 7, 64 * 1024]) expect(JSON.stringify(await readAll(inChunks(SAMPLE, size)))).toBe(whole);
  });

  const expected: Record<HostileForm, Array<{ internalId: string; element: string; reason: RegExp }>> = {
    // Whitespace past the limit is nothing lost: the offer stays.
    whitespace: [],
    text: [{ internalId: 'h2', element: 'description', reason: /^текст длиннее 1 000 000 символов$/ }],
    attribute: [{ internalId: 'h2', element: 'image', reason: /^значение атрибута длиннее 65 536 символов$/ }],
    'tag-name': [{ internalId: 'h2', element: 'xabcdefgh', reason: /^имя длиннее 1 000 символов$/ }],
    // Between offers nothing is kept: the run is skipped.
    between: [],
  };

  it.each(HOSTILE_FORMS)('a huge %s run: refused with the reason where content is lost, and every other offer is read', async (form) => {
    const offers = await readAll(hostileFeed([form], RUN));
    const ids = offers.map((o) => o.attributes['internal-id']);
    expect(ids).toEqual(form === 'between' ? ['h0', 'h1', 'h2', 'h3'] : ['h0', 'h1', 'h2', 'h3', 'h4']);
    const refused = refusals(offers);
    expect(refused).toHaveLength(expected[form].length);
    for (const [k, want] of expected[form].entries()) {
      expect(refused[k]).toMatchObject({ internalId: want.internalId });
      expect(refused[k]!.element.startsWith(want.element)).toBe(true);
      expect(refused[k]!.reason).toMatch(want.reason);
    }
    // What an accepted offer keeps is bounded too (the whitespace run left it whole otherwise).
    for (const offer of offers) expect(JSON.stringify(offer).length).toBeLessThan(200_000);
  });

  it('runs cut at any chunk boundary: entities are never split, a long name is the same in both its tags', async () => {
    const xml = new TextEncoder().encode(
      `<?xml version="1.0"?><realty-feed><offer internal-id="a&amp;b"><description>${'x'.repeat(50)}&amp;&#1071;</description>` +
        `<${'n'.repeat(RUN_LIMITS.name + 10)} k="v">t</${'n'.repeat(RUN_LIMITS.name + 10)}></offer>` +
        `<offer internal-id="ok"><!--${'c'.repeat(RUN_LIMITS.markup + 10)}-->` +
        `<description><![CDATA[${'d'.repeat(20)}]]></description></offer></realty-feed>`,
    );
    for (const size of [1, 3, 64 * 1024]) {
      const offers = await readAll(inChunks(xml, size));
      expect(offers.map((o) => o.attributes['internal-id'])).toEqual(['a&b', 'ok']);
      expect(offers[0]!.refused?.reason).toBe('имя длиннее 1 000 символов');
      expect(offers[1]!.refused).toBeUndefined();
      expect(offers[1]!.first.description!.text).toBe('d'.repeat(20));
    }
  });

  it('too many attributes in one tag refuse the offer; an offer over its total keeps nothing and is refused', async () => {
    const many = Array.from({ length: RUN_LIMITS.attributesPerTag + 5 }, (_, k) => ` a${k}="${k}"`).join('');
    const big = `<description>${'т'.repeat(30_000)}</description>`.repeat(20);
    const xml = new TextEncoder().encode(
      `<realty-feed><offer internal-id="many"><price${many}/></offer><offer internal-id="big">${big}</offer><offer internal-id="fine"/></realty-feed>`,
    );
    const offers = await readAll(inChunks(xml, 4096));
    expect(refusals(offers)).toEqual([
      { internalId: 'many', element: 'price', reason: 'больше 64 атрибутов' },
      { internalId: 'big', element: 'description', reason: 'в объявлении больше 512 000 символов' },
    ]);
    expect(offers[1]!.children).toEqual([]);
    expect(offers.map((o) => o.attributes['internal-id'])).toEqual(['many', 'big', 'fine']);
  });

  it('what cannot be XML we read stops the feed with the place, without buffering it first', async () => {
    const stops = async (xml: string, message: RegExp) => {
      const bytes = new TextEncoder().encode(xml);
      await expect(readAll(inChunks(bytes, 64 * 1024))).rejects.toThrow(FeedFormatError);
      await expect(readAll(inChunks(bytes, 64 * 1024))).rejects.toThrow(message);
    };
    // saxes would read an entity reference on to the next `;`, however far.
    await stops(`<realty-feed><offer internal-id="x">&${'a'.repeat(RUN)}</offer></realty-feed>`, /строка 1, .*ссылка на сущность без «;»/);
    await stops(`<!DOCTYPE realty-feed [${'<!-- x -->'.repeat(10_000)}]><realty-feed/>`, /объявление DOCTYPE длиннее/);
    await stops(`<?pi ${'p'.repeat(RUN_LIMITS.declaration + 1)}?><realty-feed/>`, /инструкция обработки длиннее/);
  });

  it('the limiter writes every cut it reports only after what precedes it', () => {
    const events: string[] = [];
    const sink: RunSink = {
      write: (xml) => events.push(`write ${xml}`),
      textLimit: () => 10,
      overflow: (where, reason) => events.push(`${where}: ${reason}`),
      fail: (reason) => events.push(`fail: ${reason}`),
    };
    const limiter = new RunLimiter(sink, { ...RUN_LIMITS, ignoredText: 5, text: 10 });
    limiter.write('<a>0123456789abc');
    limiter.write('def</a>');
    limiter.end();
    expect(events).toEqual(['write <a>', 'write 0123456789', 'content: текст длиннее 10 символов', 'write </a>']);
  });

  it('in a 48 MB heap, every form at 40 MB a run is read to the end (V8 ran out of memory before)', () => {
    // A child process with a small V8 heap: a reader whose memory grew with a run would die of out-of-memory there.
    const script = `
      const { readYrlOffers } = await import(${JSON.stringify(join(import.meta.dirname, '../../server/feeds/yrl/reader.ts'))});
      const { HOSTILE_FORMS, hostileFeed } = await import(${JSON.stringify(join(import.meta.dirname, '../support/hostile-feed.ts'))});
      let offers = 0;
      const refused = [];
      for await (const batch of readYrlOffers(hostileFeed(HOSTILE_FORMS, 40_000_000)))
        for (const offer of batch) {
          offers++;
          if (offer.refused) refused.push({ internalId: offer.attributes['internal-id'], ...offer.refused });
        }
      console.log(JSON.stringify({ offers, refused }));`;
    const child = spawnSync(process.execPath, ['--max-old-space-size=48', '--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(child.stderr).not.toMatch(/heap out of memory/i);
    expect(child.status).toBe(0);
    const read = JSON.parse(child.stdout.trim().split('\n').pop()!) as { offers: number; refused: Array<{ internalId: string }> };
    expect(read.offers).toBe(2 + HOSTILE_FORMS.length * 2 + 4);
    expect(read.refused.map((r) => r.internalId)).toEqual(['h5', 'h8', 'h11']);
  }, 150_000);
});

describe('the import goes on past a refused offer', () => {
  const server = useTestServer('pglite', { demoCatalogue: false });
  it('the refused offers are in the report with the element and reason; every other offer is created', async () => {
    const { report } = await importFeed(server.db, {
      source: 'hostile',
      location: 'generated',
      open: async () => ({ chunks: hostileFeed(['text', 'tag-name', 'whitespace'], RUN), totalBytes: null }),
    });
    expect(report).toMatchObject({ status: 'done', error: null });
    expect(report.counts).toMatchObject({ read: 11, rejected: 2, created: 9 });
    expect(report.rejected).toEqual([
      { internalId: 'h2', element: 'description', reason: 'текст длиннее 1 000 000 символов' },
      { internalId: 'h5', element: expect.stringMatching(/^xabcdefgh.*…$/), reason: 'имя длиннее 1 000 символов' },
    ]);
  });
});
