import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import { advertsQuery } from '@/entities/apartment';
import { formatNumber } from '@/shared/lib';
import { advertModal } from '@/shared/model';
import { useNearViewport } from '@/shared/ui';
import { dayText } from '../lib/facts';
import { Section, SectionError, SectionSkeleton } from './section';

/**
 * Where this apartment is advertised: our own listing and the developer's, or each agency's that sells the same flat. Asked for when it comes near the
 * screen; an advert opens in the advert modal (its text, and the way to it: never a bare link off the site).
 */
export function Adverts({ apartmentId }: { apartmentId: number }) {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const adverts = useQuery({ ...advertsQuery(apartmentId), enabled: near });
  const openAdvert = useUnit(advertModal.opened);
  return (
    <Section title="Объявления" testId="apart-adverts" ref={section}>
      {adverts.isPending && <SectionSkeleton lines={2} />}
      <SectionError what="объявления" query={adverts} />
      {adverts.data && (
        <ul className="kv-apart-adverts">
          {adverts.data.map((advert) => (
            <li key={`${advert.source}-${advert.number ?? advert.id}`}>
              <button
                type="button"
                className="kv-apart-advert"
                aria-haspopup="dialog"
                onClick={() => openAdvert({ apartmentId, source: advert.source, ...(advert.number ? { number: advert.number } : {}) })}
              >
                <span className="kv-apart-advert__main">
                  <strong>
                    {advert.source}
                    {advert.isDemo && <span className="kv-badge kv-badge--demo kv-apart-advert__demo">Демо</span>}
                  </strong>
                  <span className="kv-muted">
                    {advert.title} · с {dayText(advert.publishedAt)}
                  </span>
                </span>
                <span className="kv-apart-adverts__price">{formatNumber(advert.priceTotal, 'rub')}</span>
                <span className="kv-apart-advert__more" aria-hidden="true">
                  Подробнее
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
