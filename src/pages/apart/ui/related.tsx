import { useQuery } from '@tanstack/react-query';
import { relatedApartmentsQuery, type RelatedKind } from '@/entities/apartment';
import { useUnit } from 'effector-react';
import { ReactableCard } from '@/features/react-to-apartment';
import { errorMessage } from '@/shared/api';
import { apartmentModal } from '@/shared/model';
import { Section, SectionError } from './section';

/** A row of apartment cards (same layout, analogues): the feed's card with reactions, opening the apartment modal. */
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
  const list = useQuery(relatedApartmentsQuery(kind, apartmentId));
  const open = useUnit(apartmentModal.opened);
  return (
    <Section title={title} testId={testId}>
      {list.isPending && (
        <div className="kv-apart-related" aria-busy="true" aria-label="Загружаем квартиры">
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
