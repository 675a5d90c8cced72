import { Suspense, lazy } from 'react';
import { SchematicMap } from './schematic-map';
import type { MapViewProps } from './types';

const DgisMap = lazy(() => import('./dgis-map'));

/** The map adapter: 2GIS when a key is configured at build time (VITE_2GIS_KEY), the schematic map otherwise. */
export function MapView(props: MapViewProps) {
  const key = import.meta.env.VITE_2GIS_KEY as string | undefined;
  if (!key) return <SchematicMap {...props} />;
  return (
    <Suspense
      fallback={
        <div className="kv-map kv-map--loading" role="status">
          Загружаем карту…
        </div>
      }
    >
      <DgisMap {...props} apiKey={key} />
    </Suspense>
  );
}
