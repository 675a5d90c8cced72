import type { ReactNode } from 'react';
import type { HouseFact } from '@/shared/api';

/** The text of a fact the source does not give: it is never filled in by guess. */
export const NO_DATA = 'нет данных';

/** The house as the listing's source describes it, each fact once; a missing one reads «нет данных». `children`: more rows. */
export function HouseFacts({ facts, address, children }: { facts: HouseFact[]; address: string; children?: ReactNode }) {
  return (
    <dl className="kv-facts" data-testid="house-facts">
      {facts.map((fact) => (
        <div key={fact.key} className="kv-facts__row">
          <dt>{fact.title}</dt>
          <dd className={fact.value === null ? 'kv-muted' : undefined}>{fact.value ?? NO_DATA}</dd>
        </div>
      ))}
      <div className="kv-facts__row">
        <dt>Адрес</dt>
        <dd>{address}</dd>
      </div>
      {children}
    </dl>
  );
}
