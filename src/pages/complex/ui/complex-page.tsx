import './complex.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import { DemoBanner, MetroList, complexPageQuery } from '@/entities/apartment';
import { useCityGeography } from '@/entities/city';
import { OFFLINE_LOAD_MESSAGE, ROUTES, apartmentPath, type City, type ComplexPage as Complex } from '@/shared/api';
import { deadlineText, distanceText, formatNumber, formatPriceRange, plural } from '@/shared/lib';
import { CustomTitle, Fact, HydrationIsland, InlineError, MapView, type MapPoint } from '@/shared/ui';
import type { ComplexRouteData } from '../lib/route-data';
import { INFRA_LABELS, SELLER_KIND, areaRange, complexHeading, roomGroupTitle } from '../lib/texts';
import { ComplexChart } from './complex-chart';

const counted = (n: number, forms: readonly [string, string, string]) => `${n} ${plural(n, forms)}`;

function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="kv-complex-block" data-testid={testId}>
      <h2 className="kv-complex-block__title">{title}</h2>
      {children}
    </section>
  );
}

function Rooms({ complex, city }: { complex: Complex; city: City }) {
  if (complex.rooms.length === 0) return <p className="kv-muted">Сейчас квартир в продаже нет.</p>;
  return (
    <ul className="kv-complex-rooms" data-testid="complex-rooms">
      {complex.rooms.map((g) => (
        <li key={g.roomsCnt} className="kv-complex-rooms__row" data-rooms={g.roomsCnt}>
          <div>
            <strong>{roomGroupTitle(g.roomsCnt)}</strong>
            <span className="kv-muted"> · {counted(g.count, ['квартира', 'квартиры', 'квартир'])}</span>
          </div>
          <div className="kv-complex-rooms__price">{formatPriceRange(g.priceMin, g.priceMax)}</div>
          <div className="kv-muted">{areaRange(g.areaMin, g.areaMax)}</div>
          <Link to={apartmentPath(city.link, g.cheapestId)} className="kv-complex-rooms__open">
            Самая доступная →
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Buildings({ complex }: { complex: Complex }) {
  return (
    <div className="kv-complex-table-wrap">
      <table className="kv-complex-table" data-testid="complex-buildings">
        <thead>
          <tr>
            <th scope="col">Корпус</th>
            <th scope="col">Этажей</th>
            <th scope="col">Срок сдачи</th>
            <th scope="col">В продаже</th>
          </tr>
        </thead>
        <tbody>
          {complex.buildings.map((b) => (
            <tr key={b.id}>
              <th scope="row">
                {b.name}
                <span className="kv-muted kv-complex-table__address">{b.address}</span>
              </th>
              <td>{b.floors}</td>
              <td>{b.stageIsPut ? <span className="kv-badge kv-badge--new">Сдан</span> : `Строится · ${deadlineText(b.deadline)}`}</td>
              <td>{b.onSale}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Place({ complex }: { complex: Complex }) {
  const geography = useCityGeography(complex.cityId);
  const points = useMemo<MapPoint[]>(
    () => [
      {
        id: -1,
        latitude: complex.latitude,
        longitude: complex.longitude,
        label: complex.realtyType === 'NEW' ? 'ЖК' : 'Дом',
        tone: 'liked',
        pinned: true,
      },
      ...complex.infrastructure
        .filter((p) => p.kind !== 'METRO')
        .map((p, index) => ({
          id: index,
          latitude: p.latitude,
          longitude: p.longitude,
          label: INFRA_LABELS[p.kind] ?? p.name,
          tone: 'default' as const,
        })),
    ],
    [complex],
  );
  return (
    <>
      <div className="kv-complex-map">
        <MapView points={points} geography={geography} onSelect={() => undefined} ariaLabel="Комплекс и инфраструктура на карте" />
      </div>
      <ul className="kv-complex-infra" data-testid="complex-infrastructure">
        {complex.infrastructure.slice(0, 12).map((p) => (
          <li key={`${p.kind}-${p.id}`}>
            <span className="kv-muted">{INFRA_LABELS[p.kind]}</span> {p.name}{' '}
            <span className="kv-muted">· {distanceText(p.distanceM)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function ComplexContent({ complex, city }: { complex: Complex; city: City }) {
  const heading = complexHeading(complex.name, complex.realtyType);
  const last = complex.priceHistory.at(-1);
  return (
    <article className="kv-complex" data-testid="complex-page" data-complex-id={complex.id}>
      <nav className="kv-complex__crumbs" aria-label="Навигационная цепочка">
        <Link to={ROUTES.HOME}>ТОП</Link>
        <span aria-hidden="true"> / </span>
        <span>{city.title}</span>
        <span aria-hidden="true"> / </span>
        <span>{heading}</span>
      </nav>
      <header className="kv-complex__head">
        <h1 className="kv-page-title">{heading}</h1>
        <p className="kv-complex__address">
          {complex.address}
          {complex.areaName && <span className="kv-muted"> · {complex.areaName}</span>}
        </p>
        <div className="kv-complex__badges">
          <span className={`kv-badge${complex.realtyType === 'NEW' ? ' kv-badge--new' : ''}`}>
            {complex.realtyType === 'NEW' ? 'Новостройка' : 'Вторичка'}
          </span>
          {complex.developer && <span className="kv-badge">Застройщик: {complex.developer}</span>}
          {complex.isDemo && (
            <span
              className="kv-badge kv-badge--demo"
              data-testid="complex-demo"
              title="Демонстрационный дом: его факты и продавцы придуманы"
            >
              Демо
            </span>
          )}
        </div>
        <MetroList metro={complex.metro} shown={3} />
        <p className="kv-complex__summary" data-testid="complex-summary">
          {complex.onSale > 0
            ? `В продаже ${counted(complex.onSale, ['квартира', 'квартиры', 'квартир'])}`
            : 'Сейчас квартир в продаже нет'}
          {last && ` · ${formatNumber(last.pricePerMeter, 'rubSquare')} в среднем`}
        </p>
      </header>
      {complex.isDemo && <DemoBanner />}
      <div className="kv-complex__grid">
        <Block title="Квартиры в продаже" testId="complex-rooms-block">
          <Rooms complex={complex} city={city} />
        </Block>
        <Block title={complex.realtyType === 'NEW' ? 'Корпуса и сроки сдачи' : 'Дом'}>
          <Buildings complex={complex} />
        </Block>
        <Block title="О комплексе">
          <dl className="kv-complex-props">
            {complex.properties.map((p) => (
              <div key={p.title}>
                <Fact term={p.title}>{p.value}</Fact>
              </div>
            ))}
          </dl>
        </Block>
        <Block title="Кто продаёт" testId="complex-sellers">
          {complex.sellers.length === 0 ? (
            <p className="kv-muted">Объявлений сейчас нет.</p>
          ) : (
            <ul className="kv-complex-sellers">
              {complex.sellers.map((s) => (
                <li key={`${s.kind}-${s.name}`}>
                  <strong>{s.name}</strong>{' '}
                  <span className="kv-muted">
                    · {s.kind && SELLER_KIND[s.kind] !== s.name ? `${SELLER_KIND[s.kind]} · ` : ''}
                    {counted(s.count, ['объявление', 'объявления', 'объявлений'])}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Block>
      </div>
      {complex.priceHistory.length > 1 && (
        <HydrationIsland>
          <Block title="Цена за м² по месяцам" testId="complex-price-history">
            <ComplexChart points={complex.priceHistory} />
          </Block>
        </HydrationIsland>
      )}
      <HydrationIsland>
        <Block title="Расположение и инфраструктура">
          <Place complex={complex} />
        </Block>
      </HydrationIsland>
    </article>
  );
}

/**
 * COMPLEX `/{cityLink}/complex/{complexId}`: a new-build complex or a resale house with all it has on sale, as its
 * loader found it in this city (a bad id, an unknown city or complex, or a complex of another city went to /404 in the
 * loader; the server answers 404 there too). Only the server not answering at all reaches the page without it.
 */
export function ComplexPage() {
  const route = useLoaderData<ComplexRouteData>();
  const revalidator = useRevalidator();
  if (route.kind === 'offline')
    return <InlineError text={OFFLINE_LOAD_MESSAGE} onRetry={() => void revalidator.revalidate()} className="kv-inline-error--page" />;
  return <LoadedComplex id={route.id} city={route.city} />;
}

function LoadedComplex({ id, city }: { id: number; city: City }) {
  const page = useQuery(complexPageQuery(id));
  if (!page.data)
    return (
      <div
        className="kv-complex kv-complex--loading"
        role="status"
        aria-busy="true"
        aria-label="Загружаем комплекс"
        data-testid="complex-skeleton"
      />
    );
  return (
    <>
      <CustomTitle title={`${complexHeading(page.data.name, page.data.realtyType)} в ${city.prepositional}`} />
      <ComplexContent complex={page.data} city={city} />
    </>
  );
}
