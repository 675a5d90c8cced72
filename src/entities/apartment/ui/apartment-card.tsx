import type { MouseEvent, ReactNode } from 'react';
import type { ApartmentItem } from '@/shared/api';
import { CardMortgageOffer } from '@/entities/mortgage';
import { formatNumber, roomsLabel } from '@/shared/lib';
import { formatSuggestionDate } from '../lib/suggestion-date';
import { AiIndexBadge } from './ai-index-badge';
import { MetroList } from './metro-list';
import { CardSlider } from './card-slider';
import { ComplexLink } from './complex-link';

/**
 * The feed card (spec §2 "Apartment card"): title, rooms and area, price, layout, photo, metro with
 * line colours, badges, address, the fair-price verdict, notices; border by reaction, sold at half opacity.
 * Actions (like, dislike) come from the feature that owns them.
 *
 * The whole card opens the apartment, the way portals do, without nesting controls in a button: the title's
 * button is the card's one keyboard stop and its ::after stretches over the card (a click on the price or the facts
 * lands on it). The photo slider stays above that layer so a finger can still swipe it; a tap on a photo opens the
 * card from here, while its bullets and the like/dislike buttons (also above it) keep their own clicks.
 */
export function ApartmentCard({
  item,
  actions,
  onOpen,
  priority = false,
}: {
  item: ApartmentItem;
  actions?: ReactNode;
  onOpen?: () => void;
  /** One of the first cards on screen: its photo loads at once and first (it is what the page paints largest). */
  priority?: boolean;
}) {
  const type = item.type;
  const title = item.complex.name;
  const stateClass = type === 'LIKED' ? ' is-liked' : type === 'DISLIKED' ? ' is-disliked' : '';
  const rooms = roomsLabel(item.roomsCnt, item.isApartHotel);
  const openFromPhoto = (event: MouseEvent<HTMLDivElement>) => {
    if (onOpen && !(event.target as Element).closest('button, a')) onOpen();
  };
  return (
    <article
      className={`kv-card${stateClass}${item.isSold ? ' is-sold' : ''}${onOpen ? ' is-openable' : ''}`}
      aria-label={`${rooms}, ${formatNumber(item.priceTotalMin, 'rub')}`}
      data-testid="apartment-card"
      data-apartment-id={item.id}
      data-reaction={type}
    >
      <div className="kv-card__media" onClick={openFromPhoto}>
        <CardSlider images={item.images} alt={`Жилой комплекс ${title}`} priority={priority} />
        <img
          className="kv-card__layout"
          src={item.layout.x1}
          srcSet={`${item.layout.x1} 1x, ${item.layout.x2} 2x`}
          alt={`Планировка: ${rooms}`}
          loading="lazy"
          width={400}
          height={300}
        />
        <div className="kv-card__badges">
          {item.relevancePercent !== null && <AiIndexBadge percent={item.relevancePercent} reasons={item.wishesTexts} />}
          {item.isDemo && (
            <span className="kv-badge kv-badge--demo" title="Демонстрационное объявление: сгенерировано, картинки — иллюстрации">
              Демо
            </span>
          )}
          {item.isAlternative && <span className="kv-badge">Альтернатива</span>}
          {item.isSold && <span className="kv-badge kv-badge--danger">Продано</span>}
          {item.isReserved && <span className="kv-badge">Бронь</span>}
          <span className={`kv-badge${item.isNew ? ' kv-badge--new' : ''}`}>{item.isNew ? 'Новостройка' : 'Вторичка'}</span>
        </div>
      </div>
      <div className="kv-card__body">
        <h3 className={`kv-card__title${item.isAlternative ? ' is-alternative' : ''}`}>
          {onOpen ? (
            <button type="button" className="kv-card__open" aria-haspopup="dialog" onClick={onOpen}>
              {title}
            </button>
          ) : (
            title
          )}
        </h3>
        <p className="kv-card__rooms">
          {rooms}, {formatNumber(item.areaTotal, 'square')}, {item.floor}/{item.floors} эт.
        </p>
        <p className="kv-card__price">{formatNumber(item.priceTotalMin, 'rub')}</p>
        <p className="kv-muted">
          {formatNumber(item.pricePerMeter, 'rubSquare')} ·{' '}
          <span className={item.fairPrice.deltaPercent <= -2 ? 'kv-good' : undefined}>{item.fairPrice.verdict}</span>
        </p>
        {!item.isSold && <CardMortgageOffer price={item.priceTotalMin} realtyType={item.realtyType} />}
        <MetroList metro={item.metro} shown={2} />
        <p className="kv-card__address">{item.address}</p>
        {/* A keyboard reaches the complex from the card's dialog: here the link is for a pointer only (one Tab stop less). */}
        <ComplexLink complexId={item.complex.id} cityId={item.cityId} className="kv-card__complex" tabIndex={onOpen ? -1 : undefined}>
          {item.isNew ? 'Страница ЖК →' : 'Всё о доме →'}
        </ComplexLink>
        {item.suggestionDate && <p className="kv-muted kv-card__suggested">Подобрана {formatSuggestionDate(item.suggestionDate)}</p>}
        {item.notices.length > 0 && (
          <div className="kv-card__notices">
            {item.notices.map((n) => (
              <span key={n.key} className="kv-badge kv-badge--danger">
                {n.title}
              </span>
            ))}
          </div>
        )}
        {actions && <div className="kv-card__actions">{actions}</div>}
      </div>
    </article>
  );
}
