import { useQuery } from '@tanstack/react-query';
import { relatedApartmentsQuery, type RelatedKind } from '@/entities/apartment';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import { ReactableCard } from '@/features/react-to-apartment';
import { errorMessage } from '@/shared/api';
import { useNearViewport } from '@/shared/ui';
import { apartmentModal } from '@/shared/model';
import { Section, SectionError } from './section';

/**
 * A row of apartment cards (same layout, analogues): the feed's card with reactions, opening the apartment modal.
 * Asked for when the row comes near the screen: far below the first screen, it must not compete with the page starting.
 */
export function RelatedApartments({
  kind,
  apartmentId,
  title,
  emptyText,
  testId,
}: {
  kind: RelatedKind;
  apartmentId: number;
  title: string;
  emptyText: string;
  testId: string;
}) {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const list = useQuery({ ...relatedApartmentsQuery(kind, apartmentId), enabled: near });
  const open = useUnit(apartmentModal.opened);
  return (
    <Section title={title} testId={testId} ref={section}>
      {list.isPending && (
        <div className="kv-apart-related" role="status" aria-busy="true" aria-label="Загружаем квартиры">
          <div className="kv-card kv-card--skeleton" />
          <div className="kv-card kv-card--skeleton" />
        </div>
      )}
      {list.isError && (
        <SectionError text={`Не удалось загрузить квартиры: ${errorMessage(list.error)}`} onRetry={() => void list.refetch()} />
      )}
      {list.data && list.data.length === 0 && <p className="kv-muted">{emptyText}</p>}
      {list.data && list.data.length > 0 && (
        <div className="kv-apart-related">
          {list.data.map((item) => (
            <ReactableCard key={item.id} item={item} onOpen={(shown) => open({ item: shown })} />
          ))}
        </div>
      )}
    </Section>
  );
}
