import './map.css';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clusterPoints } from './cluster';
import { markerBox, placeLabels, textWidth, type LabelBox } from './labels';
import { buildMetroLines } from './metro-lines';
import {
  MAX_ZOOM,
  fitPlaces,
  framedMarkers,
  fromWorld,
  panBy,
  scaleBar,
  toWorld,
  zoomAround,
  type LngLat,
  type Viewport,
} from './projection';
import type { MapGeography, MapPoint, MapViewProps } from './types';

/** Markers nearer than this (a price pin's size and a little) are shown as one cluster… */
const CLUSTER_REACH = { x: 92, y: 34 };
const NO_REACH = { x: 0, y: 0 };
/** Pins and clusters whose middle is outside the box are not drawn: at most a sliver of them would show. */
const OFFSCREEN_MARGIN_PX = 0;
/** …except from this zoom on, where every building stands alone. */
const NO_CLUSTERS_FROM_ZOOM = 17;
/** Station names are written from this zoom on (below it the centre would be a blur of names). */
const STATION_NAMES_FROM_ZOOM = 12.5;
/** Arrow keys move the map this far. */
const KEY_PAN_PX = 80;
/** A press moves the map only once it has travelled this far (less is a tap). */
const DRAG_THRESHOLD_PX = 4;
const DEFAULT_SIZE = { width: 800, height: 520 };

/** What the first view frames: the markers, or the city's districts and metro when there are none. */
function framed(points: readonly MapPoint[], geography: MapGeography | undefined): readonly LngLat[] {
  const markers = framedMarkers(points);
  if (markers.length > 0) return markers;
  return [...(geography?.districts ?? []), ...(geography?.stations ?? [])];
}

function fitted(points: readonly MapPoint[], geography: MapGeography | undefined, size: { width: number; height: number }): Viewport {
  const { width, height } = size;
  return { ...fitPlaces(framed(points, geography), width, height), width, height };
}

const DISTRICT_FONT_PX = 12;
const STATION_FONT_PX = 11;

/**
 * The names the map writes (world pixels): districts first, the central ones before the outer ones, then — from
 * STATION_NAMES_FROM_ZOOM — stations; a name that would cover one already written, or a pin or cluster in `markers`
 * (they come first: the listings are what the map is for), is left out rather than drawn under it (Moscow has 125
 * districts).
 */
function labelled<S extends { x: number; y: number; stop: { name: string } }, D extends { name: string; x: number; y: number }>(
  stations: readonly S[],
  districts: readonly D[],
  withStationNames: boolean,
  markers: readonly LabelBox[],
): { districts: D[]; stationNames: S[] } {
  const districtBoxes = districts.map(({ name, x, y }): LabelBox => {
    const half = (textWidth(name, DISTRICT_FONT_PX) * 1.15) / 2;
    return { left: x - half, right: x + half, top: y - DISTRICT_FONT_PX, bottom: y + 2 };
  });
  const taken: LabelBox[] = [...markers];
  const keptDistricts = placeLabels(districtBoxes, taken);
  if (!withStationNames) return { districts: districts.filter((_, i) => keptDistricts.has(i)), stationNames: [] };
  const stationBoxes = stations.map(({ x, y, stop }): LabelBox => ({
    left: x + 6,
    right: x + 6 + textWidth(stop.name, STATION_FONT_PX),
    top: y - 6,
    bottom: y + 6,
  }));
  const keptStations = placeLabels(stationBoxes, taken);
  return { districts: districts.filter((_, i) => keptDistricts.has(i)), stationNames: stations.filter((_, i) => keptStations.has(i)) };
}

/** Fingers (or the mouse) on the map: where each went down and is now, to turn moves into a pan or a pinch. */
type Pointers = Map<number, { x: number; y: number; startX: number; startY: number; dragging: boolean }>;

/**
 * The offline map: the city drawn from our reference data in Web Mercator — districts named at their centres, metro
 * lines in their colours with their stations — and the listings on top as price pins, clustered when zoomed out.
 * Drag or swipe to pan; wheel, pinch, the +/− buttons or the keyboard (+, −, arrows) to zoom and move. No tiles, no
 * network: used without a 2GIS key, when MapGL fails, and in tests.
 */
export function SchematicMap({ points, geography, onSelect, ariaLabel, focus }: MapViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<Viewport>(() => fitted(points, geography, DEFAULT_SIZE));
  const pointers = useRef<Pointers>(new Map());
  const framedOnce = useRef({ points, geography: Boolean(geography?.districts.length) });

  // New markers (another preset) are framed anew; the reference data arriving later frames only an empty map.
  useEffect(() => {
    const seen = framedOnce.current;
    const geographyArrived = !seen.geography && Boolean(geography?.districts.length);
    if (seen.points === points && !(geographyArrived && points.length === 0)) return;
    framedOnce.current = { points, geography: seen.geography || geographyArrived };
    setView((v) => fitted(points, geography, v));
  }, [points, geography]);

  // Asked to look somewhere (the buyer and what is near them): after the re-framing above, so this view wins.
  useEffect(() => {
    if (!focus?.length) return;
    setView((v) => ({ ...v, ...fitPlaces(focus, v.width, v.height) }));
  }, [focus]);

  // What a re-fit frames, for the size observer below (which is set up once).
  const places = useRef(framed(points, geography));
  useEffect(() => {
    places.current = framed(points, geography);
  }, [points, geography]);

  // The map follows its box; the first real size also re-frames (the initial view assumed 800 × 520).
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let measured = false;
    const observer = new ResizeObserver(() => {
      const size = { width: el.clientWidth, height: el.clientHeight };
      if (!size.width || !size.height) return;
      setView((v) => (measured ? { ...v, ...size } : { ...v, ...fitPlaces(places.current, size.width, size.height), ...size }));
      measured = true;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A wheel over the map zooms around the cursor, not the page: the listener must be non-passive to stop the scroll.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = el.getBoundingClientRect();
      const delta = -event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002);
      setView((v) => zoomAround(v, Math.max(-1, Math.min(1, delta)), event.clientX - rect.left, event.clientY - rect.top));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const zoom = view.zoom;
  const lines = useMemo(() => buildMetroLines(geography?.stations ?? []), [geography]);
  // Everything is laid out in world pixels at the current zoom; panning only moves the layers.
  const world = useMemo(() => {
    const at = (p: LngLat) => toWorld(p, zoom);
    const clusters = clusterPoints(
      points.filter((p) => !p.pinned),
      at,
      zoom >= NO_CLUSTERS_FROM_ZOOM ? NO_REACH : CLUSTER_REACH,
    );
    const pinned = points.filter((p) => p.pinned).map((p) => ({ point: p, ...at(p) }));
    const markers = [
      ...clusters.map((c) => markerBox(c.x, c.y, c.points.length === 1 ? c.points[0]!.label : null)),
      ...pinned.map(({ point, x, y }) => markerBox(x, y, point.label)),
    ];
    return {
      lines: lines.map((line) => ({
        ...line,
        polylines: line.paths.map((path) =>
          path
            .map(at)
            .map((w) => `${w.x.toFixed(1)},${w.y.toFixed(1)}`)
            .join(' '),
        ),
        stations: line.stops.map((stop) => ({ stop, ...at(stop) })),
      })),
      ...labelled(
        lines.flatMap((line) => line.stops.map((stop) => ({ key: `${line.id}:${stop.order}`, stop, ...at(stop) }))),
        (geography?.districts ?? []).map((d) => ({ name: d.name, ...at(d) })),
        zoom >= STATION_NAMES_FROM_ZOOM,
        markers,
      ),
      clusters,
      pinned,
    };
  }, [lines, geography, points, zoom]);
  const centre = toWorld(view.center, zoom);
  const shift = { x: view.width / 2 - centre.x, y: view.height / 2 - centre.y };
  const layer = `translate(${shift.x.toFixed(1)}px, ${shift.y.toFixed(1)}px)`;
  const onScreen = ({ x, y }: { x: number; y: number }) =>
    x + shift.x > -OFFSCREEN_MARGIN_PX &&
    x + shift.x < view.width + OFFSCREEN_MARGIN_PX &&
    y + shift.y > -OFFSCREEN_MARGIN_PX &&
    y + shift.y < view.height + OFFSCREEN_MARGIN_PX;
  const scale = scaleBar(view);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY, startX: e.clientX, startY: e.clientY, dragging: false });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const active = pointers.current;
    const before = active.get(e.pointerId);
    if (!before) return;
    // A press that has not moved yet may still be a tap on a pin: the map starts moving only past a few pixels, and
    // then keeps the pointer (the pin under it gets no click).
    if (!before.dragging) {
      if (Math.hypot(e.clientX - before.startX, e.clientY - before.startY) < DRAG_THRESHOLD_PX) return;
      before.dragging = true;
      if (e.currentTarget.hasPointerCapture?.(e.pointerId) === false) e.currentTarget.setPointerCapture(e.pointerId);
    }
    const others = [...active].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
    active.set(e.pointerId, { ...before, x: e.clientX, y: e.clientY });
    const other = others[0];
    if (!other) {
      setView((v) => panBy(v, e.clientX - before.x, e.clientY - before.y));
      return;
    }
    // Pinch: the spread of the two fingers zooms around their midpoint, the midpoint's move pans.
    const rect = e.currentTarget.getBoundingClientRect();
    const spreadBefore = Math.hypot(before.x - other.x, before.y - other.y);
    const spreadNow = Math.hypot(e.clientX - other.x, e.clientY - other.y);
    if (spreadBefore < 1 || spreadNow < 1) return;
    const mid = { x: (e.clientX + other.x) / 2 - rect.left, y: (e.clientY + other.y) / 2 - rect.top };
    const midBefore = { x: (before.x + other.x) / 2 - rect.left, y: (before.y + other.y) / 2 - rect.top };
    setView((v) => zoomAround(panBy(v, mid.x - midBefore.x, mid.y - midBefore.y), Math.log2(spreadNow / spreadBefore), mid.x, mid.y));
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const step: Record<string, (v: Viewport) => Viewport> = {
      '+': (v) => zoomAround(v, 1),
      '=': (v) => zoomAround(v, 1),
      '-': (v) => zoomAround(v, -1),
      _: (v) => zoomAround(v, -1),
      ArrowLeft: (v) => panBy(v, KEY_PAN_PX, 0),
      ArrowRight: (v) => panBy(v, -KEY_PAN_PX, 0),
      ArrowUp: (v) => panBy(v, 0, KEY_PAN_PX),
      ArrowDown: (v) => panBy(v, 0, -KEY_PAN_PX),
    };
    const move = step[e.key];
    if (!move) return;
    e.preventDefault();
    setView(move);
  };
  // A cluster comes to the middle, two levels closer (x, y: its world pixels at the current zoom).
  const zoomIntoCluster = (x: number, y: number) => setView((v) => zoomAround({ ...v, center: fromWorld(x, y, v.zoom) }, 2));

  return (
    <div
      ref={box}
      className="kv-map kv-schematic"
      role="region"
      aria-label={ariaLabel}
      aria-roledescription="карта"
      tabIndex={0}
      data-testid="schematic-map"
      data-zoom={zoom.toFixed(2)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
    >
      <svg className="kv-schematic__city" width={view.width} height={view.height} aria-hidden="true">
        <g style={{ transform: layer }}>
          {world.districts.map((d) => (
            <text key={d.name} className="kv-schematic__district" x={d.x} y={d.y} textAnchor="middle" data-testid="map-district">
              {d.name}
            </text>
          ))}
          {world.lines.map((line) => (
            <g key={line.id} data-testid="map-metro-line" data-line={line.name}>
              {line.polylines.map((points, i) => (
                <polyline key={i} className="kv-schematic__line" points={points} stroke={line.color} />
              ))}
              {line.stations.map(({ stop, x, y }) => (
                <circle key={`${stop.order}`} className="kv-schematic__station" cx={x} cy={y} r={3.5} stroke={line.color} />
              ))}
            </g>
          ))}
          {world.stationNames.map(({ key, stop, x, y }) => (
            <text key={key} className="kv-schematic__station-name" x={x + 6} y={y + 4} data-testid="map-station">
              {stop.name}
            </text>
          ))}
        </g>
      </svg>
      <div className="kv-schematic__pins" style={{ transform: layer }}>
        {world.clusters.filter(onScreen).map((c) =>
          c.points.length === 1 ? (
            <button
              key={c.key}
              type="button"
              className={`kv-map__marker is-${c.points[0]!.tone}`}
              style={{ left: c.x, top: c.y }}
              title={c.points[0]!.note}
              aria-label={c.points[0]!.note ? `${c.points[0]!.label}. ${c.points[0]!.note}` : undefined}
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
              onClick={() => zoomIntoCluster(c.x, c.y)}
              data-testid="map-cluster"
            >
              {c.points.length}
            </button>
          ),
        )}
        {world.pinned.map(({ point, x, y }) => (
          <button
            key={`pin-${point.id}`}
            type="button"
            className={`kv-map__marker is-${point.tone} is-pinned`}
            style={{ left: x, top: y }}
            onClick={() => onSelect(point.id)}
            data-testid="map-pin"
          >
            {point.label}
          </button>
        ))}
      </div>
      <div className="kv-schematic__scale" style={{ width: scale.px }} data-testid="map-scale">
        {scale.label}
      </div>
      <div className="kv-map__zoom">
        <button
          type="button"
          className="kv-button"
          aria-label="Приблизить"
          onClick={() => setView((v) => zoomAround(v, 1))}
          disabled={zoom >= MAX_ZOOM}
        >
          +
        </button>
        <button type="button" className="kv-button" aria-label="Отдалить" onClick={() => setView((v) => zoomAround(v, -1))}>
          −
        </button>
        <button type="button" className="kv-button" aria-label="Показать все" onClick={() => setView((v) => fitted(points, geography, v))}>
          ⤢
        </button>
      </div>
    </div>
  );
}
