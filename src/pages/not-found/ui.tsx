import { ROUTE_TITLES } from '@/shared/api';
import { CustomTitle } from '@/shared/ui';
import { Link } from 'react-router-dom';

/** NOT_FOUND (spec §2): the server answers these paths with HTTP 404 too. */
export function NotFoundPage() {
  // Any unmatched path lands here, and its browser title must say so (the route table only knows '/404').
  return (
    <section className="kv-status-page">
      <CustomTitle title={ROUTE_TITLES.NOT_FOUND} />
      <svg className="kv-status-page__art" viewBox="0 0 200 120" role="img" aria-label="Дом с вопросительным знаком">
        <path d="M40 110V55l60-40 60 40v55z" fill="var(--kv-surface-2)" stroke="var(--kv-primary)" strokeWidth="4" strokeLinejoin="round" />
        <text x="100" y="92" textAnchor="middle" fontSize="44" fontWeight="700" fill="var(--kv-primary)">
          ?
        </text>
      </svg>
      <h1>Страница не найдена</h1>
      <Link to="/" className="kv-button kv-button--primary">
        Вернуться на Главную
      </Link>
    </section>
  );
}
