import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { pageLoaders } from '@/app/routing/loaders';
import { cityListQuery } from '@/entities/city';
import type { City } from '@/shared/api';
import { apartmentItemFixture } from './support/apartment';
import { ok, useNetwork } from './support/network';

const network = useNetwork();
const SPB = { link: 'spb', cityIds: [7800000000000], title: 'Санкт-Петербург', prepositional: 'Санкт-Петербурге' } as unknown as City;

function loaders() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(cityListQuery().queryKey, [SPB]);
  return pageLoaders(client, 'browser');
}
const notFound = (answer: unknown) => answer instanceof Response && answer.headers.get('Location') === '/404';
const apart = (cityLink: string, apartId: string) => loaders().APART!({ params: { cityLink, apartId } });
const complex = (cityLink: string, complexId: string) => loaders().COMPLEX!({ params: { cityLink, complexId } });
const refused = () =>
  HttpResponse.json({ result: 'error', message: 'Квартира не найдена', statusCode: 404, detail: null }, { status: 404 });

describe('loaders guard, pages read: an unknown apartment or complex never reaches its page', () => {
  it.each(['abc', '0', '-1', '1.5', '99999999999', '2147483648'])('apartment id %s: /404 without asking the server', async (id) => {
    expect(notFound(await apart('spb', id))).toBe(true);
  });

  it('an unknown city, an apartment the server does not know: /404; a known one: the page gets its id and city', async () => {
    network.use(
      http.post('*/api/apartment', async ({ request }) => {
        const { id } = (await request.json()) as { id: number };
        return id === 7
          ? HttpResponse.json(ok({ ...apartmentItemFixture({ id: 7 }), house: { id: 3 }, complexCard: { areaId: 1 } }))
          : refused();
      }),
      // What the page shows above its related rows, asked for alongside: not this test's subject.
      http.all('*/api/*', () => HttpResponse.json(ok([]))),
    );
    expect(notFound(await apart('atlantis', '7'))).toBe(true);
    expect(notFound(await apart('spb', '8'))).toBe(true);
    expect(await apart('spb', '7')).toEqual({ kind: 'apartment', id: 7, city: SPB });
  });

  it('a complex that is unknown, of another city, or a bad id: /404', async () => {
    network.use(
      http.get('*/api/complex/:id', ({ params }) =>
        params.id === '5'
          ? HttpResponse.json(ok({ id: 5, cityId: 5000000000000 }))
          : HttpResponse.json(ok({ id: 6, cityId: 7800000000000 })),
      ),
    );
    expect(notFound(await complex('spb', 'x'))).toBe(true);
    expect(notFound(await complex('spb', '5'))).toBe(true);
    expect(await complex('spb', '6')).toEqual({ kind: 'complex', id: 6, city: SPB });
  });

  it('the server not answering at all opens the page, which says so (it says nothing of the apartment)', async () => {
    network.use(http.post('*/api/apartment', () => HttpResponse.error()));
    expect(await apart('spb', '7')).toEqual({ kind: 'offline' });
  });
});
