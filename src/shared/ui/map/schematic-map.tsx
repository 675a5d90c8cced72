import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { clusterPoints } from './cluster';
import type { MapPoint, MapViewProps } from './types';

const CELL = 64;

function fit(points: MapPoint[]): { lat: number; lng: number; scale: number } {
  if (points.length === 0) return { lat: 59.94, lng: 30.31, scale: 3000 };
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  const lat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const lng = (Math.min(...lngs) + Math.max(...lngs)) / 2;
  const span = Math.max(
    Math.max(...lats) - Math.min(...lats),
    (Math.max(...lngs) - Math.min(...lngs)) * Math.cos((lat * Math.PI) / 180),
    0.01,
  );
  return { lat, lng, scale: 480 / span };
}

/**
 * The offline map: markers drawn from coordinates on a plain canvas, clustered when zoomed out,
 * with drag to pan, wheel and buttons to zoom. No tiles, no network — used without a 2GIS key and in tests.
 */
export function SchematicMap({ points, onSelect, ariaLabel }: MapViewProps) {
  const [view, setView] = useState(() => fit(points));
  const [size, setSize] = useState({ width: 800, height: 520 });
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; lat: number; lng: number } | null>(null);
  useEffect(() => setView(fit(points)), [points]);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const cos = Math.cos((view.lat * Math.PI) / 180);
  const project = useCallback(
    (p: MapPoint) => ({
      x: size.width / 2 + (p.longitude - view.lng) * view.scale * cos,
      y: size.height / 2 - (p.latitude - view.lat) * view.scale,
    }),
    [view, size, cos],
  );
  const clusters = useMemo(
    () =>
      clusterPoints(
        points.filter((p) => !p.pinned),
        project,
        CELL,
      ),
    [points, project],
  );
  const pinned = points.filter((p) => p.pinned);
  const zoom = (factor: number, at?: { lat: number; lng: number }) =>
    setView((v) => ({ lat: at?.lat ?? v.lat, lng: at?.lng ?? v.lng, scale: Math.min(200_000, Math.max(200, v.scale * factor)) }));
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    drag.current = { x: e.clientX, y: e.clientY, lat: view.lat, lng: view.lng };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setView((v) => ({ ...v, lat: d.lat + (e.clientY - d.y) / v.scale, lng: d.lng - (e.clientX - d.x) / (v.scale * cos) }));
  };
  return (
    <div
      ref={box}
      className="kv-map"
      role="region"
      aria-label={ariaLabel}
      data-testid="schematic-map"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onWheel={(e) => zoom(e.deltaY < 0 ? 1.25 : 0.8)}
    >
      {clusters.map((c) =>
        c.points.length === 1 ? (
          <button
            key={c.key}
            type="button"
            className={`kv-map__marker is-${c.points[0]!.tone}`}
            style={{ left: c.x, top: c.y }}
            onClick={() => onSelect(c.points[0]!.id)}
            data-testid="map-marker"
          >
            {c.points[0]!.label}
          </button>
        ) : (
          <button
            key={c.key}
            type="button"
            className="kv-map__cluster"
            style={{ left: c.x, top: c.y }}
            aria-label={`${c.points.length} домов, приблизить`}
            onClick={() => {
              const lat = c.points.reduce((s, p) => s + p.latitude, 0) / c.points.length;
              const lng = c.points.reduce((s, p) => s + p.longitude, 0) / c.points.length;
              zoom(2.5, { lat, lng });
            }}
            data-testid="map-cluster"
          >
            {c.points.length}
          </button>
        ),
      )}
      {pinned.map((p) => {
        const { x, y } = project(p);
        return (
          <button
            key={`pin-${p.id}`}
            type="button"
            className={`kv-map__marker is-${p.tone} is-pinned`}
            style={{ left: x, top: y }}
            onClick={() => onSelect(p.id)}
            data-testid="map-pin"
          >
            {p.label}
          </button>
        );
      })}
      <div className="kv-map__zoom">
        <button type="button" className="kv-button" aria-label="Приблизить" onClick={() => zoom(1.5)}>
          +
        </button>
        <button type="button" className="kv-button" aria-label="Отдалить" onClick={() => zoom(1 / 1.5)}>
          −
        </button>
      </div>
    </div>
  );
}
