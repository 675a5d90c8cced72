import { Suspense, lazy, useRef } from 'react';
import { useSwipeGuard } from '../native-controls';
import type { MapViewProps } from './types';

// Neither map is on a first screen's path: each loads when a map is first shown.
const DgisMap = lazy(() => import('./dgis-map'));
const SchematicMap = lazy(() => import('./schematic-map').then((m) => ({ default: m.SchematicMap })));

function MapLoading() {
  return (
    <div className="kv-map kv-map--loading" role="status">
      Загружаем карту…
    </div>
  );
}

/** The map adapter: 2GIS when a key is configured at build time (VITE_2GIS_KEY), the schematic map otherwise. */
export function MapView(props: MapViewProps) {
  const key = import.meta.env.VITE_2GIS_KEY as string | undefined;
  // Dragging the map must not pull the Mini App down: the guard sees the map's touches as they bubble up
  // (`display: contents`, so the map's layout is untouched).
  const guard = useRef<HTMLDivElement>(null);
  useSwipeGuard(guard);
  return (
    <div ref={guard} className="kv-map-guard">
      <Suspense fallback={<MapLoading />}>{key ? <DgisMap {...props} apiKey={key} /> : <SchematicMap {...props} />}</Suspense>
    </div>
  );
}
