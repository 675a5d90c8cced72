import type { MetroRef } from '@/shared/api';
import { formatDistance, moreStations } from '../lib/metro-distance';

/** Stations near an apartment with line colours, distance and walking time; the rest counted. */
export function MetroList({ metro, shown, className = '' }: { metro: MetroRef[]; shown: number; className?: string }) {
  if (metro.length === 0) return null;
  return (
    <ul className={`kv-card__metro ${className}`.trim()} aria-label="Метро">
      {metro.slice(0, shown).map((m) => (
        <li key={m.id}>
          <span className="kv-metro-dot" style={{ background: m.color }} aria-hidden="true" />
          {m.name} · {formatDistance(m.distanceM)} · {m.minutes} мин пешком
        </li>
      ))}
      {metro.length > shown && <li className="kv-muted">{moreStations(metro.length - shown)}</li>}
    </ul>
  );
}
