import './apart.css';
import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from '@/shared/router';
import { MetroList, apartDetailQuery } from '@/entities/apartment';
import { cityListQuery } from '@/entities/city';
import { OFFLINE_LOAD_MESSAGE, ROUTES, isConnectionError, type ApartmentDetail, type City } from '@/shared/api';
import { LEGAL_DOC_LIST } from '@/shared/config/legal';
import { apartPageTitle, formatNumber, roomsAndArea, unitKind } from '@/shared/lib';
import { $customTitle, customTitleSet } from '@/shared/model';
import { InlineError } from '@/shared/ui';
import { isFreshListing } from '../lib/facts';
import { Adverts } from './adverts';
import { AiIndex } from './ai-index';
import { ApartActions } from './apart-actions';
import { FairPrice } from './fair-price';
import { Gallery } from './gallery';
import { Infrastructure } from './infrastructure';
import { Market } from './market';
import { Parameters } from './parameters';
import { PricePanel } from './price-panel';
import { RelatedApartments } from './related';

/** A positive integer id from the URL, or null ('12abc', '-1', '1.5' and huge numbers are not ids). */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function ApartSkeleton() {
  return (
    <div className="kv-apart" aria-busy="true" role="status" aria-label="Загружаем квартиру" data-testid="apart-skeleton">
      <div className="kv-apart-skeleton__title" />
      <div className="kv-apart__top">
        <div className="kv-apart-skeleton__block" />
        <div className="kv-apart-skeleton__block kv-apart-skeleton__block--side" />
      </div>
    </div>
  );
}

function LegalLinks() {
  return (
    <nav className="kv-apart-legal" aria-label="Документы">
      {LEGAL_DOC_LIST.map((doc) => (
        <a key={doc.href} href={doc.href} target="_blank" rel="noopener">
          {doc.title}
        </a>
      ))}
    </nav>
  );
}

function ApartContent({ apartment, city }: { apartment: ApartmentDetail; city: City }) {
  const kind = unitKind(apartment.isApartHotel);
  const title = apartPageTitle(apartment.roomsCnt, apartment.areaTotal, city.prepositional, kind);
  const fresh = isFreshListing(apartment.publishedAt, Date.now());
  return (
    <article className="kv-apart" data-testid="apart-page" data-apartment-id={apartment.id}>
      <nav className="kv-apart__crumbs" aria-label="Навигационная цепочка">
        <Link to={ROUTES.HOME}>ТОП</Link>
        <span aria-hidden="true"> / </span>
        <span>{city.title}</span>
        <span aria-hidden="true"> / </span>
        <span>{apartment.complex.name}</span>
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
          layoutAlt={`Планировка: ${roomsAndArea(apartment.roomsCnt, apartment.areaTotal, 'nominative', kind)}${apartment.areaKitchen > 0 ? `, кухня ${formatNumber(apartment.areaKitchen, 'square')}` : ''}`}
        />
        <PricePanel apartment={apartment} />
      </div>
      <div className="kv-apart__body">
        <AiIndex apartmentId={apartment.id} />
        <FairPrice apartment={apartment} />
        <Market apartment={apartment} cityIds={city.cityIds} />
        <Infrastructure apartment={apartment} />
        <Parameters apartment={apartment} />
        <Adverts apartmentId={apartment.id} />
        <RelatedApartments
          kind="same-layout"
          apartmentId={apartment.id}
          title="Такая же планировка в этом ЖК"
          emptyText="Других квартир с такой планировкой в продаже нет."
          testId="apart-same-layout"
        />
        <RelatedApartments
          kind="analogue"
          apartmentId={apartment.id}
          title="Похожие квартиры"
          emptyText="Похожих квартир в других комплексах пока нет."
          testId="apart-analogues"
        />
      </div>
      <LegalLinks />
    </article>
  );
}

/**
 * APART `/{cityLink}/apart/{apartId}` (spec §2): the city by its link, the apartment by id within that
 * city's cityIds; a bad id, an unknown city or a failed load go to /404 (the server answers 404 there too).
 */
export function ApartPage() {
  const { cityLink, apartId } = useParams();
  const id = parseId(apartId);
  const cities = useQuery(cityListQuery());
  const city = cities.data?.find((c) => c.link === cityLink) ?? null;
  const detail = useQuery(apartDetailQuery(id ?? 0, city?.cityIds ?? null));
  const [customTitle, setTitle] = useUnit([$customTitle, customTitleSet]);
  const title =
    detail.data && city
      ? apartPageTitle(detail.data.roomsCnt, detail.data.areaTotal, city.prepositional, unitKind(detail.data.isApartHotel))
      : null;
  // The layout clears custom titles on navigation (after this effect on first mount), so set it again whenever it is gone.
  useEffect(() => {
    if (title && customTitle?.title !== title) setTitle({ title });
  }, [title, customTitle, setTitle]);

  if (!cityLink || !apartId || id === null) return <Navigate to={ROUTES.NOT_FOUND} replace />;
  // The server not answering says nothing about the apartment: say so and offer another try instead of «not found».
  if (isConnectionError(cities.error) || isConnectionError(detail.error)) {
    const retry = () => void (cities.isError ? cities.refetch() : detail.refetch());
    return <InlineError text={OFFLINE_LOAD_MESSAGE} onRetry={retry} className="kv-inline-error--page" />;
  }
  if (cities.isError || (cities.data && !city) || detail.isError) return <Navigate to={ROUTES.NOT_FOUND} replace />;
  if (!detail.data || !city) return <ApartSkeleton />;
  return <ApartContent apartment={detail.data} city={city} />;
}
