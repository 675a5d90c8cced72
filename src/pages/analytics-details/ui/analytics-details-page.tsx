import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { analyticsDetailsQuery, buildAnalyticsRequest } from '@/entities/analytics';
import { useAnalyticsCity } from '@/features/analytics-settings';
import { ROUTES } from '@/shared/api';
import { DETAIL_COLUMNS, NO_DATA, detailCell } from '../lib/cells';
import './analytics-details.css';

/** ANALYTICS_DETAILS: its own layout (no navigation), a table of districts × room counts. */
export function AnalyticsDetailsPage() {
  const { filters, city, isPending } = useAnalyticsCity();
  const request = city && !isPending ? buildAnalyticsRequest(filters, city.cityIds) : null;
  const details = useQuery(analyticsDetailsQuery(request));
  return (
    <section className="kv-details">
      <Link className="kv-details__back" to={ROUTES.ANALYTICS}>
        ← Назад к анализу
      </Link>
      <h1 className="kv-page-title">Детализация</h1>
      {city && <p className="kv-muted">Цены и предложения по районам: {city.title}</p>}
      {isPending || (request !== null && details.isPending) ? (
        <p className="kv-page-loading" role="status">
          Загружаем таблицу…
        </p>
      ) : request === null || details.isError ? (
        <p className="kv-inline-error" role="alert">
          Ошибка загрузки данных
        </p>
      ) : details.data && details.data.length === 0 ? (
        <p className="kv-empty">По выбранным параметрам предложений нет.</p>
      ) : (
        <div className="kv-details__scroll" role="region" aria-label="Таблица детализации" tabIndex={0}>
          <table className="kv-details__table">
            <thead>
              <tr>
                <th scope="col">Район</th>
                {DETAIL_COLUMNS.map((title) => (
                  <th key={title} scope="col">
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {details.data?.map((row) => (
                <tr key={row.areaId}>
                  <th scope="row">{row.areaName}</th>
                  {DETAIL_COLUMNS.map((title, roomsCnt) => {
                    const cell = detailCell(row, roomsCnt);
                    return (
                      <td key={title} className={cell ? undefined : 'is-empty'}>
                        {cell ? (
                          <>
                            <span className="kv-details__price">{cell.price}</span>
                            <span className="kv-details__count">{cell.count}</span>
                            <span className="kv-details__meter">{cell.perMeter}</span>
                          </>
                        ) : (
                          NO_DATA
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
