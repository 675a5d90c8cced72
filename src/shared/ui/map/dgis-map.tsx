import './map.css';
import { useEffect, useRef, useState } from 'react';
import { loadMapgl, type ClustererHtmlMarker, type Mapgl, type MapglClusterer, type MapglMap } from '@/shared/outside';
import { fitPlaces, framedMarkers } from './projection';
import { SchematicMap } from './schematic-map';
import type { MapPoint, MapViewProps } from './types';

/** MapGL and its clusterer get this long; after it the schematic map takes over (a blocked or very slow network). */
const LOAD_TIMEOUT_MS = 8000;
/** Draw order of a pinned point: higher than any the clusterer gives its markers. */
const PINNED_Z_INDEX = 1_000;
/** Markers nearer than this many pixels are merged into a cluster. */
const CLUSTER_RADIUS = 60;

interface Loaded {
  mapgl: Mapgl;
  map: MapglMap;
  clusterer: MapglClusterer;
}

/** A price pin as an HTML element (text only: labels never become markup). */
function pinElement(point: MapPoint): HTMLElement {
  const pin = document.createElement('div');
  pin.className = `kv-map__marker is-${point.tone} is-dgis${point.pinned ? ' is-pinned' : ''}`;
  pin.textContent = point.label;
  if (point.note) pin.title = point.note;
  return pin;
}

/**
 * 2GIS MapGL with the same props as the schematic map: building pins through the 2GIS clusterer, a pinned point (the
 * house) as an HTML marker of its own. Loaded lazily; if MapGL fails or takes longer than LOAD_TIMEOUT_MS, the
 * schematic map is shown instead.
 */
export default function DgisMap(props: MapViewProps & { apiKey: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const { points, onSelect, apiKey, focus } = props;
  // The click handlers are bound once per map; they call whatever onSelect is current.
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);
  // The first points frame the map; later ones (a legend filter) leave the view where the user put it.
  const firstPoints = useRef(points);

  useEffect(() => {
    let settled = false;
    let made: Loaded | null = null;
    const give = () => {
      if (settled) return;
      settled = true;
      setFailed(true);
    };
    const timer = setTimeout(give, LOAD_TIMEOUT_MS);
    loadMapgl()
      .then((mapgl) => {
        if (settled || !container.current) return;
        settled = true;
        clearTimeout(timer);
        const box = container.current;
        const view = fitPlaces(framedMarkers(firstPoints.current), box.clientWidth || 800, box.clientHeight || 520);
        const map = new mapgl.Map(box, {
          key: apiKey,
          center: [view.center.longitude, view.center.latitude],
          zoom: view.zoom,
          lang: 'ru',
        });
        const clusterer = new mapgl.Clusterer(map, { radius: CLUSTER_RADIUS });
        clusterer.on('click', (event) => {
          if (event.target.type === 'marker') select.current(event.target.data.userData);
          else {
            map.setCenter(event.lngLat);
            map.setZoom(clusterer.getClusterExpansionZoom(event.target.id));
          }
        });
        made = { mapgl, map, clusterer };
        setLoaded(made);
      })
      .catch(give);
    return () => {
      settled = true;
      clearTimeout(timer);
      made?.clusterer.destroy();
      made?.map.destroy();
    };
  }, [apiKey]);

  useEffect(() => {
    if (!loaded) return;
    const { mapgl, map, clusterer } = loaded;
    const markers: ClustererHtmlMarker[] = points
      .filter((p) => !p.pinned)
      .map((p) => ({ type: 'html', coordinates: [p.longitude, p.latitude], html: pinElement(p), userData: p.id }));
    clusterer.load(markers);
    const pinned = points
      .filter((p) => p.pinned)
      .map((p) => {
        const html = pinElement(p);
        html.addEventListener('click', () => select.current(p.id));
        // Above the clusterer's pins and discs, so the house is never hidden under the places around it.
        return new mapgl.HtmlMarker(map, { coordinates: [p.longitude, p.latitude], html, zIndex: PINNED_Z_INDEX });
      });
    return () => pinned.forEach((marker) => marker.destroy());
  }, [loaded, points]);

  useEffect(() => {
    const box = container.current;
    if (!loaded || !box || !focus?.length) return;
    const view = fitPlaces(focus, box.clientWidth || 800, box.clientHeight || 520);
    loaded.map.setCenter([view.center.longitude, view.center.latitude]);
    loaded.map.setZoom(view.zoom);
  }, [loaded, focus]);

  if (failed) return <SchematicMap {...props} />;
  return <div ref={container} className="kv-map kv-map--dgis" role="region" aria-label={props.ariaLabel} data-testid="dgis-map" />;
}
