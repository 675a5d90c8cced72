import { useEffect, useRef, useState } from 'react';
import { SchematicMap } from './schematic-map';
import type { MapViewProps } from './types';

const LOAD_TIMEOUT_MS = 8000;

/** 2GIS MapGL with the same props; loaded lazily, and the schematic map takes over if it fails or is slow. */
export default function DgisMap(props: MapViewProps & { apiKey: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { points, onSelect, apiKey } = props;
  useEffect(() => {
    let disposed = false;
    let destroy: (() => void) | undefined;
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('2GIS timeout')), LOAD_TIMEOUT_MS));
    Promise.race([import('@2gis/mapgl').then((m) => m.load()), timeout])
      .then((mapgl) => {
        if (disposed || !container.current) return;
        const first = points[0];
        const map = new mapgl.Map(container.current, {
          key: apiKey,
          center: first ? [first.longitude, first.latitude] : [30.31, 59.94],
          zoom: 11,
        });
        for (const p of points) {
          const marker = new mapgl.Marker(map, { coordinates: [p.longitude, p.latitude], label: { text: p.label } });
          marker.on('click', () => onSelect(p.id));
        }
        destroy = () => map.destroy();
      })
      .catch(() => !disposed && setFailed(true));
    return () => {
      disposed = true;
      destroy?.();
    };
  }, [points, onSelect, apiKey]);
  if (failed) return <SchematicMap {...props} />;
  return <div ref={container} className="kv-map" role="region" aria-label={props.ariaLabel} />;
}
