import { describe, expect, it } from 'vitest';
import { followCatalogueChange } from '../../server/catalog/jobs';
import { createSeo, type RenderSchedule } from '../../server/seo';
import { loadPngRenderer } from '../../server/seo/preview-image';
import { useTestServer } from './helpers';

describe('preview cards: kept per listing, drawn within a bound per client', async () => {
  const server = useTestServer('pglite');
  // No sharp binary on this platform: there are no cards to keep or bound.
  const drawable = (await loadPngRenderer()) !== null;
  const spb = () => [...server.memory().apartments.values()].filter((a) => a.cityId === 78 && a.status !== 'SOLD');

  it.runIf(drawable)('a card is drawn once and kept until its listing changes; other listings keep theirs', async () => {
    const seo = await createSeo(server.app, { publicUrl: 'https://kvarta.example' });
    let drawn = 0;
    const counting: RenderSchedule = (render) => ((drawn += 1), render());
    const [changed, untouched] = spb().slice(0, 2);
    const first = await seo.preview(changed!.id, counting);
    await seo.preview(untouched!.id, counting);
    expect(await seo.preview(changed!.id, counting)).toEqual(first);
    expect(drawn).toBe(2);
    await server.db.query('UPDATE apartments SET price_total = price_total + 1000000 WHERE id = $1', [changed!.id]);
    await followCatalogueChange(server.app, server.app.queue, { added: [], cityIds: [78] });
    const redrawn = await seo.preview(changed!.id, counting);
    expect(drawn).toBe(3);
    expect(redrawn).not.toEqual(first);
    await seo.preview(untouched!.id, counting);
    expect(drawn).toBe(3);
  });

  it.runIf(drawable)('one client flooding distinct cards is refused past its queue; another client still gets its card', async () => {
    const ids = spb().slice(10, 22);
    const card = (id: number, remoteAddress: string) =>
      server.app.inject({ method: 'GET', url: `/api/media/apart/${id}/preview.png`, remoteAddress });
    const flood = ids.slice(0, 11).map((a) => card(a.id, '198.51.100.20'));
    const other = card(ids[11]!.id, '198.51.100.21');
    const statuses = (await Promise.all(flood)).map((res) => res.statusCode);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    // One drawing and four waiting at most: the rest are told to come back.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6);
    expect((await other).statusCode).toBe(200);
  });
});
