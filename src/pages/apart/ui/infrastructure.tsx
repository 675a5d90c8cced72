import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { infrastructureQuery } from '@/entities/apartment';
import { useCityGeography } from '@/entities/city';
import { NEARBY_RADIUS_M, type ApartmentDetail } from '@/shared/api';
import { MapView, type MapPoint } from '@/shared/ui';
import { distanceText } from '@/shared/lib';
import { INFRA_KINDS, type InfraKind } from '../lib/facts';
import { Section, SectionError, SectionSkeleton } from './section';

/** The house itself on the map: an id no infrastructure point has. */
const HOUSE_POINT_ID = -1;

/** Infrastructure around the complex on the map adapter, with a legend that filters by kind. */
export function Infrastructure({ apartment }: { apartment: ApartmentDetail }) {
  const infra = useQuery(infrastructureQuery(apartment.complex.id));
  const geography = useCityGeography(apartment.complex.cityId);
  const [hidden, setHidden] = useState<ReadonlySet<InfraKind>>(new Set());
  const [selected, setSelected] = useState<number | null>(null);
  const counts = useMemo(() => {
    const out = new Map<InfraKind, number>();
    for (const p of infra.data ?? []) out.set(p.kind, (out.get(p.kind) ?? 0) + 1);
    return out;
  }, [infra.data]);
  // Metro stations and other points come from different tables: their ids may coincide, so the map uses positions.
  const visible = useMemo(
    () => (infra.data ?? []).map((p, index) => ({ ...p, index })).filter((p) => !hidden.has(p.kind)),
    [infra.data, hidden],
  );
  const points = useMemo<MapPoint[]>(
    () => [
      { id: HOUSE_POINT_ID, latitude: apartment.latitude, longitude: apartment.longitude, label: 'Дом', tone: 'liked', pinned: true },
      ...visible.map((p) => ({
        id: p.index,
        latitude: p.latitude,
        longitude: p.longitude,
        label: INFRA_KINDS.find((k) => k.kind === p.kind)?.marker ?? p.name,
        tone: 'default' as const,
        unframed: p.distanceM > NEARBY_RADIUS_M,
      })),
    ],
    [visible, apartment.latitude, apartment.longitude],
  );
  const select = useCallback((id: number) => setSelected(id), []);
  const chosen = selected !== null && selected >= 0 ? infra.data?.[selected] : undefined;
  const toggle = (kind: InfraKind) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });

  return (
    <Section title="Инфраструктура рядом" testId="apart-infrastructure">
      {infra.isPending && <SectionSkeleton lines={4} />}
      <SectionError what="инфраструктуру" query={infra} />
      {infra.data && (
        <>
          <fieldset className="kv-apart-legend">
            <legend className="kv-visually-hidden">Показать на карте</legend>
            {INFRA_KINDS.map(({ kind, label }) => (
              <label key={kind} className={`kv-apart-legend__item is-${kind.toLowerCase()}`}>
                <input type="checkbox" checked={!hidden.has(kind)} onChange={() => toggle(kind)} disabled={!counts.get(kind)} />
                {label} <span className="kv-muted">{counts.get(kind) ?? 0}</span>
              </label>
            ))}
          </fieldset>
          <div className="kv-apart-map">
            <MapView points={points} geography={geography} onSelect={select} ariaLabel="Инфраструктура рядом с домом" />
          </div>
          <p className="kv-muted" aria-live="polite">
            {chosen
              ? `${chosen.name} — ${distanceText(chosen.distanceM)}`
              : selected === HOUSE_POINT_ID
                ? apartment.address
                : 'Нажмите на метку, чтобы узнать, что это и как далеко.'}
          </p>
          {infra.data.length === 0 ? (
            <p className="kv-muted">Рядом с домом ничего не нашлось в радиусе 1,5 км.</p>
          ) : (
            <ul className="kv-apart-infra-list">
              {visible.slice(0, 12).map((p) => (
                <li key={p.index}>
                  <span>{p.name}</span>
                  <span className="kv-muted">{distanceText(p.distanceM)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}
