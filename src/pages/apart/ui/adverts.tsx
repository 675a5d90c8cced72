import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@/shared/router';
import { advertsQuery } from '@/entities/apartment';
import { errorMessage } from '@/shared/api';
import { formatNumber } from '@/shared/lib';
import { Section, SectionError, SectionSkeleton } from './section';

// Moscow time on the server and in every browser: the rendered date must not depend on where it is rendered.
const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });

/** Where this apartment is advertised: our own listing and the developer's. */
export function Adverts({ apartmentId }: { apartmentId: number }) {
  const adverts = useQuery(advertsQuery(apartmentId));
  const { pathname } = useLocation();
  return (
    <Section title="Объявления" testId="apart-adverts">
      {adverts.isPending && <SectionSkeleton lines={2} />}
      {adverts.isError && (
        <SectionError text={`Не удалось загрузить объявления: ${errorMessage(adverts.error)}`} onRetry={() => void adverts.refetch()} />
      )}
      {adverts.data && (
        <ul className="kv-apart-adverts">
          {adverts.data.map((advert) => (
            <li key={`${advert.source}-${advert.id}`}>
              <div>
                <strong>{advert.source}</strong>
                <p className="kv-muted">
                  {advert.title} · с {dateFormat.format(new Date(advert.publishedAt))}
                </p>
              </div>
              <span className="kv-apart-adverts__price">{formatNumber(advert.priceTotal, 'rub')}</span>
              {advert.url && advert.url !== pathname && (
                <Link to={advert.url} className="kv-button">
                  Открыть
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
