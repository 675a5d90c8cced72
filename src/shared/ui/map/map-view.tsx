import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { outsideServices } from '@/shared/outside';
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

/**
 * The map adapter: 2GIS MapGL when the server handed the page a key (VITE_2GIS_KEY, client-config), the offline
 * schematic map otherwise. The key is read after the first render, so a server-rendered page hydrates the same tree.
 */
export function MapView(props: MapViewProps) {
  // undefined until mounted; then the key, or null for the schematic map.
  const [key, setKey] = useState<string | null>();
  useEffect(() => setKey(outsideServices().map2gis?.key ?? null), []);
  // Dragging the map must not pull the Mini App down: the guard sees the map's touches as they bubble up
  // (`display: contents`, so the map's layout is untouched).
  const guard = useRef<HTMLDivElement>(null);
  useSwipeGuard(guard);
  return (
    <div ref={guard} className="kv-map-guard">
      {key === undefined ? (
        <MapLoading />
      ) : (
        <Suspense fallback={<MapLoading />}>{key ? <DgisMap {...props} apiKey={key} /> : <SchematicMap {...props} />}</Suspense>
      )}
    </div>
  );
}
