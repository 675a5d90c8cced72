import './compare.css';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ComplexLink, DemoBanner, compareQuery, selectionInfoQuery } from '@/entities/apartment';
import { cityListQuery } from '@/entities/city';
import { cardOffer, mortgageProgramsQuery } from '@/entities/mortgage';
import { $userId } from '@/entities/session';
import { $compareIds, cleanIds, comparePath, compareRemoved, compareReplaced } from '@/features/compare-apartments';
import { COMPARE_MAX, ROUTES, apartmentPath, loadErrorText } from '@/shared/api';
import { shareLink } from '@/shared/lib';
import { notificationShown } from '@/shared/model';
import { InlineError } from '@/shared/ui';
import { COMPARE_ROWS, judgeRow, titleOf, type Compared } from '../lib/rows';

/**
 * Compare: up to four apartments side by side, differences highlighted and the best figure of a row marked.
 * The link carries the ids (`/compare?ids=1,2,3`), so it can be shared; without them the page shows this browser's
 * list. Someone opening a shared list can make it their own.
 */
export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const [stored, remove, replace, notify, userId] = useUnit([$compareIds, compareRemoved, compareReplaced, notificationShown, $userId]);
  const linked = params.has('ids') ? cleanIds(params.get('ids') ?? '') : null;
  const ids = linked ?? stored;
  const list = useQuery(compareQuery(ids));
  const cities = useQuery(cityListQuery());
  const infos = useQueries({ queries: ids.map((id) => selectionInfoQuery(id, userId)) });
  const programs = useQuery(mortgageProgramsQuery()).data;
  const compared = useMemo<Compared[]>(
    () =>
      (list.data ?? []).map((apartment) => ({
        apartment,
        info: infos[ids.indexOf(apartment.id)]?.data,
        offer: cardOffer(programs, apartment.priceTotalMin, apartment.realtyType),
      })),
    [list.data, infos, ids, programs],
  );
  const sharedElsewhere = linked !== null && linked.join(',') !== stored.join(',');

  const drop = (id: number) => {
    if (stored.includes(id)) remove(id);
    if (linked) setParams({ ids: linked.filter((x) => x !== id).join(',') }, { replace: true });
  };
  const share = async () => {
    // The website's address, also from the Mini App: it opens for whoever receives it.
    const url = new URL(comparePath(ids), window.location.origin).toString();
    const outcome = await shareLink(url, 'Сравнение квартир');
    if (outcome === 'copied') notify({ text: 'Ссылка на сравнение скопирована', type: 'success' });
    else if (outcome === 'failed') notify({ text: `Не удалось скопировать ссылку: ${url}`, type: 'error' });
  };

  if (ids.length === 0)
    return (
      <section className="kv-compare" data-testid="compare-page">
        <h1 className="kv-page-title">Сравнение квартир</h1>
        <div className="kv-empty" data-testid="compare-empty">
          <p>Добавьте до {COMPARE_MAX} квартир кнопкой «Сравнить» на карточке, в избранном или на странице квартиры.</p>
          <Link className="kv-button kv-button--primary" to={ROUTES.HOME}>
            Перейти в ТОП
          </Link>
        </div>
      </section>
    );
  const cityOf = (cityId: number) => cities.data?.find((c) => c.kladr === cityId || c.cityIds.includes(cityId));
  return (
    <section className="kv-compare" data-testid="compare-page">
      <div className="kv-compare__head">
        <h1 className="kv-page-title">Сравнение квартир · {ids.length}</h1>
        <div className="kv-compare__actions">
          {sharedElsewhere && (
            <button type="button" className="kv-button" onClick={() => replace(linked)} data-testid="compare-adopt">
              Сохранить это сравнение у себя
            </button>
          )}
          <button type="button" className="kv-button kv-button--primary" onClick={() => void share()} data-testid="compare-share">
            Поделиться ссылкой
          </button>
        </div>
      </div>
      {/* As above a feed: demo flats' houses and sellers are made up, and the table compares them as if real. */}
      {compared.some(({ apartment }) => apartment.isDemo) && <DemoBanner />}
      {list.isError ? (
        <InlineError text={loadErrorText('сравнение', list.error)} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <div className="kv-compare__loading" role="status" aria-label="Загружаем сравнение" />
      ) : (
        <div className="kv-compare__scroll">
          <table className="kv-compare-table" data-testid="compare-table" style={{ ['--kv-compare-cols' as string]: compared.length }}>
            <thead>
              <tr>
                <th scope="col" className="kv-compare-table__corner">
                  <span className="kv-muted">Отличия выделены</span>
                </th>
                {compared.map(({ apartment: a }) => {
                  const city = cityOf(a.cityId);
                  return (
                    <th key={a.id} scope="col" data-testid="compare-column" data-apartment-id={a.id}>
                      <img
                        className="kv-compare-table__plan"
                        src={a.layout.x1}
                        srcSet={`${a.layout.x1} 1x, ${a.layout.x2} 2x`}
                        alt={`Планировка: ${titleOf(a)}`}
                        width={160}
                        height={120}
                      />
                      {city ? <Link to={apartmentPath(city.link, a.id)}>{titleOf(a)}</Link> : titleOf(a)}
                      <ComplexLink complexId={a.complex.id} cityId={a.cityId} className="kv-compare-table__complex" plainWithoutLink>
                        {a.complex.name}
                      </ComplexLink>
                      <button
                        type="button"
                        className="kv-compare-table__remove"
                        onClick={() => drop(a.id)}
                        aria-label={`Убрать из сравнения: ${titleOf(a)}`}
                        data-testid="compare-remove"
                      >
                        Убрать
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {COMPARE_ROWS.map((row) => {
                const { different, best } = judgeRow(row, compared);
                return (
                  <tr key={row.key} className={different ? 'is-different' : undefined} data-row={row.key} data-different={different}>
                    <th scope="row">{row.title}</th>
                    {compared.map((c, i) => {
                      const cell = row.cells(c);
                      return (
                        <td key={c.apartment.id} className={best.has(i) ? 'is-best' : undefined} data-best={best.has(i) || undefined}>
                          <span className="kv-compare-table__value">{cell.text}</span>
                          {cell.note && <span className="kv-compare-table__note"> — {cell.note}</span>}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {list.data.length < ids.length && <p className="kv-muted">Некоторых квартир из списка уже нет в каталоге.</p>}
        </div>
      )}
    </section>
  );
}
