import './apart.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import { ComplexLink, MetroList, apartDetailQuery } from '@/entities/apartment';
import { OFFLINE_LOAD_MESSAGE, ROUTES, type ApartmentDetail, type City } from '@/shared/api';
import { apartPageTitle, formatNumber, localityPrepositional, roomsAndArea, unitKind } from '@/shared/lib';
import { CustomTitle, HydrationIsland, InlineError } from '@/shared/ui';
import { isFreshListing } from '../lib/facts';
import type { ApartRouteData } from '../lib/route-data';
import { Adverts } from './adverts';
import { AiIndex } from './ai-index';
import { ApartActions } from './apart-actions';
import { FairPrice } from './fair-price';
import { ListingInfoSection } from './listing-info';
import { ListingPriceHistory } from './listing-price-history';
import { Gallery } from './gallery';
import { Infrastructure } from './infrastructure';
import { Market } from './market';
import { Mortgage } from './mortgage';
import { Parameters } from './parameters';
import { PricePanel } from './price-panel';
import { RelatedApartments } from './related';

function ApartSkeleton() {
  return (
    <div className="kv-apart" aria-busy="true" role="status" aria-label="Загружаем квартиру" data-testid="apart-skeleton">
      <div className="kv-skeleton kv-apart-skeleton__title" />
      <div className="kv-apart__top">
        <div className="kv-skeleton kv-apart-skeleton__block" />
        <div className="kv-skeleton kv-apart-skeleton__block kv-apart-skeleton__block--side" />
      </div>
    </div>
  );
}

function ApartContent({ apartment, city }: { apartment: ApartmentDetail; city: City }) {
  const kind = unitKind(apartment.isApartHotel);
  // Titled by its own locality: a flat in Гатчинский район is «в Гатчине».
  const title = apartPageTitle(
    apartment.roomsCnt,
    apartment.areaTotal,
    localityPrepositional(apartment.complexCard.areaName, city.prepositional),
    kind,
  );
  const fresh = isFreshListing(apartment.publishedAt, Date.now());
  return (
    <>
      <CustomTitle title={title} />
      <article className="kv-apart" data-testid="apart-page" data-apartment-id={apartment.id}>
        <nav className="kv-apart__crumbs" aria-label="Навигационная цепочка">
          <Link to={ROUTES.HOME}>ТОП</Link>
          <span aria-hidden="true"> / </span>
          <span>{city.title}</span>
          <span aria-hidden="true"> / </span>
          <ComplexLink complexId={apartment.complex.id} cityId={apartment.cityId} plainWithoutLink>
            {apartment.complex.name}
          </ComplexLink>
        </nav>
        <header className="kv-apart__head">
          <h1 className="kv-page-title kv-apart__title">{title}</h1>
          <p className="kv-apart__address">{apartment.address}</p>
          <div className="kv-apart__badges">
            {fresh && (
              <span className="kv-badge kv-badge--primary" data-testid="apart-new">
                Новое
              </span>
            )}
            {apartment.listing?.isDemo && (
              <span className="kv-badge kv-badge--demo" data-testid="apart-demo" title="Демонстрационное объявление">
                Демо
              </span>
            )}
            {apartment.isSold && <span className="kv-badge kv-badge--danger">Продано</span>}
            {apartment.isReserved && <span className="kv-badge">Бронь</span>}
            {apartment.tagList.map((tag) => (
              <span key={tag} className="kv-badge kv-apart__tag">
                {tag}
              </span>
            ))}
          </div>
          <MetroList metro={apartment.metro} shown={3} className="kv-apart__metro" />
          <ApartActions apartment={apartment} city={city} title={title} />
        </header>
        <div className="kv-apart__top">
          <Gallery
            images={apartment.images}
            layout={apartment.layout}
            alt={apartment.complex.name}
            illustrated={apartment.listing?.isDemo ?? false}
            layoutAlt={`Планировка: ${roomsAndArea(apartment.roomsCnt, apartment.areaTotal, 'nominative', kind)}${apartment.areaKitchen > 0 ? `, кухня ${formatNumber(apartment.areaKitchen, 'square')}` : ''}`}
          />
          <PricePanel apartment={apartment} />
        </div>
        {/* Below the fold: each section hydrates on its own, after the title, gallery and price above it; those farther
            than a screen below wait until they come near or are touched (the AI index, which follows the session, never
            waits). */}
        <div className="kv-apart__body">
          <HydrationIsland>
            <AiIndex apartmentId={apartment.id} />
          </HydrationIsland>
          <HydrationIsland defer>
            <FairPrice apartment={apartment} />
          </HydrationIsland>
          <HydrationIsland defer>
            <ListingPriceHistory apartment={apartment} />
            <Mortgage apartment={apartment} />
          </HydrationIsland>
          <HydrationIsland defer>
            <Market apartment={apartment} cityIds={city.cityIds} />
          </HydrationIsland>
          <HydrationIsland defer>
            <Infrastructure apartment={apartment} />
          </HydrationIsland>
          {apartment.listing && (
            <HydrationIsland defer>
              <ListingInfoSection listing={apartment.listing} />
            </HydrationIsland>
          )}
          <HydrationIsland defer>
            <Parameters apartment={apartment} />
          </HydrationIsland>
          <HydrationIsland defer>
            <Adverts apartmentId={apartment.id} />
          </HydrationIsland>
          <HydrationIsland defer>
            <RelatedApartments
              kind="same-layout"
              apartmentId={apartment.id}
              title={apartment.realtyType === 'NEW' ? 'Такая же планировка в этом ЖК' : 'Такая же планировка в этом доме'}
              emptyText="Других квартир с такой планировкой в продаже нет."
              testId="apart-same-layout"
            />
          </HydrationIsland>
          <HydrationIsland defer>
            <RelatedApartments
              kind="analogue"
              apartmentId={apartment.id}
              title="Похожие квартиры"
              emptyText="Похожих квартир в других комплексах пока нет."
              testId="apart-analogues"
            />
          </HydrationIsland>
        </div>
      </article>
    </>
  );
}

/**
 * APART `/{cityLink}/apart/{apartId}` (spec §2): the apartment its loader found in that city's cityIds (a bad id, an
 * unknown city or apartment went to /404 in the loader; the server answers 404 there too). Only the server not
 * answering at all reaches the page without it: it says so and offers another try.
 */
export function ApartPage() {
  const route = useLoaderData<ApartRouteData>();
  const revalidator = useRevalidator();
  if (route.kind === 'offline')
    return <InlineError text={OFFLINE_LOAD_MESSAGE} onRetry={() => void revalidator.revalidate()} className="kv-inline-error--page" />;
  return <LoadedApart id={route.id} city={route.city} />;
}

function LoadedApart({ id, city }: { id: number; city: City }) {
  const detail = useQuery(apartDetailQuery(id, city.cityIds));
  // The loader put it in the cache; only a new identity may have dropped it for a moment (it is read again).
  return detail.data ? <ApartContent apartment={detail.data} city={city} /> : <ApartSkeleton />;
}
