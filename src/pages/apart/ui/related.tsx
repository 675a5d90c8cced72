import { useQuery } from '@tanstack/react-query';
import { relatedApartmentsQuery, type RelatedKind } from '@/entities/apartment';
import { useUnit } from 'effector-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { ReactableCard } from '@/features/react-to-apartment';
import type { ApartmentItem } from '@/shared/api';
import { useNearViewport } from '@/shared/ui';
import { apartmentModal } from '@/shared/model';
import { Section, SectionError } from './section';

/** Whether the row can scroll further back and forward (the arrows are disabled at its ends). */
function useScrollEnds(row: RefObject<HTMLDivElement | null>, count: number): { back: boolean; forward: boolean } {
  const [ends, setEnds] = useState({ back: false, forward: false });
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => {
      const max = element.scrollWidth - element.clientWidth;
      setEnds({ back: element.scrollLeft > 1, forward: element.scrollLeft < max - 1 });
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      element.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [row, count]);
  return ends;
}

/** One row of cards that scrolls sideways: snap on touch, wheel and arrow keys when focused, arrows on a desktop. */
function CardRow({ items, label }: { items: ApartmentItem[]; label: string }) {
  const open = useUnit(apartmentModal.opened);
  const row = useRef<HTMLDivElement>(null);
  const ends = useScrollEnds(row, items.length);
  const scrollBy = (direction: 1 | -1) => {
    const element = row.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <>
      {(ends.back || ends.forward) && (
        <div className="kv-apart-related__arrows">
          <button
            type="button"
            className="kv-apart-related__arrow"
            aria-label="Предыдущие квартиры"
            disabled={!ends.back}
            onClick={() => scrollBy(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="kv-apart-related__arrow"
            aria-label="Следующие квартиры"
            disabled={!ends.forward}
            onClick={() => scrollBy(1)}
          >
            ›
          </button>
        </div>
      )}
      {/* Focusable so the arrow keys scroll it; the region names it for screen readers. */}
      <div ref={row} className="kv-apart-related" role="region" aria-label={label} tabIndex={0} data-testid="related-row">
        {items.map((item) => (
          <ReactableCard key={item.id} item={item} onOpen={(shown) => open({ item: shown })} />
        ))}
      </div>
    </>
  );
}

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
  return (
    <Section title={title} testId={testId} ref={section}>
      {list.isPending && (
        <div className="kv-apart-related" role="status" aria-busy="true" aria-label="Загружаем квартиры">
          <div className="kv-card kv-card--skeleton" />
          <div className="kv-card kv-card--skeleton" />
        </div>
      )}
      <SectionError what="квартиры" query={list} />
      {list.data && list.data.length === 0 && <p className="kv-muted">{emptyText}</p>}
      {list.data && list.data.length > 0 && <CardRow items={list.data} label={title} />}
    </Section>
  );
}
