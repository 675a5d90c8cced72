import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import {
  ANALYTICS_PRICE,
  ROOM_KEYS,
  ROOM_LABELS,
  analyticsQuery,
  buildAnalyticsRequest,
  type AnalyticsFilters,
  type AnalyticsResult,
} from '@/entities/analytics';
import { drawerViewRequested } from '@/shared/model';
import { $theme } from '@/features/theme-toggle';
import type { City } from '@/shared/api';
import { ROUTES, loadErrorText } from '@/shared/api';
import { formatNumber, millions, plural } from '@/shared/lib';
import { InlineError } from '@/shared/ui';
import { priceByRoomsChart, priceDynamicsChart, pricePerMeterByAreaChart, shareByRoomsChart } from '../lib/charts';
import { useAnalyticsCity } from '@/features/analytics-settings';
import { ChartCanvas, themeColours } from './chart-canvas';
import './analytics.css';

const OFFERS = ['предложение', 'предложения', 'предложений'] as const;

/** One line of what the charts are filtered by. */
function describeFilters(filters: AnalyticsFilters, city: City): string {
  const parts = [city.title];
  parts.push(filters.areaIds.length ? `районов: ${filters.areaIds.length}` : 'все районы');
  if (city.hasMetro) parts.push(filters.metroIds.length ? `метро: ${filters.metroIds.length}` : 'все метро');
  parts.push(
    filters.roomsCntForFilter.length
      ? `комнаты: ${ROOM_KEYS.filter((k) => filters.roomsCntForFilter.includes(k))
          .map((k) => ROOM_LABELS[k])
          .join(', ')}`
      : 'любые комнаты',
  );
  const [min, max] = filters.priceRange;
  if (min !== null && max !== null && (min !== ANALYTICS_PRICE.MIN || max !== ANALYTICS_PRICE.MAX))
    parts.push(`${min === 0 ? '0' : millions(min).replace(' ₽', '')} – ${millions(max)}`);
  else parts.push('любая цена');
  return parts.join(' · ');
}

function Charts({ result }: { result: AnalyticsResult }) {
  const charts = useMemo(() => {
    const c = themeColours();
    return {
      rooms: priceByRoomsChart(result, c),
      share: shareByRoomsChart(result, c),
      areas: pricePerMeterByAreaChart(result, c),
      dynamics: priceDynamicsChart(result, c),
    };
  }, [result]);
  const areaCount = result.pricePerMeterByArea?.length ?? 0;
  return (
    <div className="kv-analytics__grid">
      <section className="kv-analytics__card">
        <h2>Средняя цена по комнатам</h2>
        <ChartCanvas config={charts.rooms} label="Столбчатая диаграмма: средняя цена квартир по количеству комнат" />
      </section>
      <section className="kv-analytics__card">
        <h2>Доля предложений</h2>
        <ChartCanvas config={charts.share} label="Круговая диаграмма: доля предложений по количеству комнат" />
      </section>
      <section className="kv-analytics__card kv-analytics__card--wide">
        <h2>Цена за м² по районам</h2>
        <ChartCanvas
          config={charts.areas}
          label="Цена за квадратный метр по районам, самые дорогие сверху"
          height={Math.max(200, Math.min(12, areaCount) * 30 + 40)}
        />
      </section>
      <section className="kv-analytics__card kv-analytics__card--wide">
        <h2>Динамика цены за м²</h2>
        <ChartCanvas config={charts.dynamics} label="Линейный график: средняя цена за квадратный метр по месяцам" />
      </section>
    </div>
  );
}

/** ANALYTICS ('ИИ Анализ возможностей'): price charts filtered by the stored analytics filters. */
export function AnalyticsPage() {
  const [openChat, theme] = useUnit([drawerViewRequested, $theme]);
  const { filters, city, isPending } = useAnalyticsCity();
  const request = city && !isPending ? buildAnalyticsRequest(filters, city.cityIds) : null;
  const analytics = useQuery(analyticsQuery(request));
  const summary = analytics.data?.summary?.[0];
  return (
    <section className="kv-analytics">
      <h1 className="kv-page-title">ИИ Анализ возможностей</h1>
      <div className="kv-analytics__bar">
        <p className="kv-analytics__filters" data-testid="analytics-filters">
          {city ? describeFilters(filters, city) : '…'}
        </p>
        <div className="kv-analytics__actions">
          <button type="button" className="kv-button" onClick={() => openChat('ANALYTICS_SETTINGS')}>
            Изменить параметры
          </button>
          <Link className="kv-button kv-button--primary" to={ROUTES.ANALYTICS_DETAILS}>
            Детализация по районам
          </Link>
        </div>
      </div>
      {isPending || (request !== null && analytics.isPending) ? (
        <p className="kv-page-loading" role="status">
          Считаем статистику…
        </p>
      ) : request === null ? (
        <p className="kv-inline-error" role="alert">
          Укажите диапазон цен в настройках, чтобы построить графики.
        </p>
      ) : analytics.isError ? (
        <InlineError text={loadErrorText('аналитику', analytics.error)} onRetry={() => void analytics.refetch()} />
      ) : summary && summary.count === 0 ? (
        <p className="kv-empty">По выбранным параметрам предложений нет. Попробуйте расширить фильтры.</p>
      ) : (
        analytics.data && (
          <>
            {summary && (
              <dl className="kv-analytics__summary" data-testid="analytics-summary">
                <div>
                  <dt>Найдено</dt>
                  <dd data-testid="analytics-count">
                    {formatNumber(summary.count)} <small>{plural(summary.count, OFFERS)}</small>
                  </dd>
                </div>
                <div>
                  <dt>Средняя цена</dt>
                  <dd data-testid="analytics-avg-price">{millions(summary.avgPrice)}</dd>
                </div>
                <div>
                  <dt>Средняя цена за м²</dt>
                  <dd>{formatNumber(summary.avgPricePerMeter, 'rubSquare')}</dd>
                </div>
              </dl>
            )}
            {/* The charts' colours come from the theme's CSS variables: a new theme draws them anew. */}
            <Charts key={theme} result={analytics.data} />
          </>
        )
      )}
    </section>
  );
}
