import { localityPrepositional } from '@kvarta/contract/apartment-title';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');
const titleOf = (html: string) => nbsp(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');
const descriptionOf = (html: string) => nbsp(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');

/** An «Апартаменты» unit is titled as apartments in the crawlable HTML, never «квартира». */
describe('apartments in the server-rendered titles', () => {
  const server = useTestServer();

  it('an apartments unit reads «N-комнатные апартаменты» / «Апартаменты-студия» in the title and description', async () => {
    const memory = server.memory();
    const units = [...memory.byCity.get(77)!].map((id) => memory.apartments.get(id)!).filter((a) => a.isApartHotel);
    expect(units.length).toBeGreaterThan(0);
    for (const a of units.slice(0, 5)) {
      const res = await server.app.inject({ method: 'GET', url: `/msk/apart/${a.id}` });
      expect(res.statusCode).toBe(200);
      const area = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }).format(a.areaTotal).replace(/\u00a0/g, ' ');
      const name = a.roomsCnt === 0 ? 'Апартаменты-студия' : `${a.roomsCnt}-комнатные апартаменты`;
      const where = localityPrepositional(memory.areas.get(memory.complexes.get(a.complexId)!.areaId)?.name, 'Москве');
      expect(titleOf(res.body)).toBe(`${name} ${area} м² в ${where} | Кварта`);
      expect(descriptionOf(res.body)).toContain(`${name} ${area} м²`);
      expect(titleOf(res.body)).not.toMatch(/квартир/);
    }
  });
});
