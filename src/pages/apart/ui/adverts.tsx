import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useLocation } from '@/shared/router';
import { advertsQuery } from '@/entities/apartment';
import { errorMessage } from '@/shared/api';
import { formatNumber } from '@/shared/lib';
import { useNearViewport } from '@/shared/ui';
import { dayText } from '../lib/facts';
import { Section, SectionError, SectionSkeleton } from './section';

/** Where this apartment is advertised: our own listing and the developer's. Asked for when it comes near the screen. */
export function Adverts({ apartmentId }: { apartmentId: number }) {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const adverts = useQuery({ ...advertsQuery(apartmentId), enabled: near });
  const { pathname } = useLocation();
  return (
    <Section title="Объявления" testId="apart-adverts" ref={section}>
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
                  {advert.title} · с {dayText(advert.publishedAt)}
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
