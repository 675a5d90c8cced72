import type { load } from '@2gis/mapgl';
import { MAPGL_CLUSTERER_SRC } from '@kvarta/contract/client-config';
import { loadScript } from './load-script';

/** The `mapgl` namespace MapGL's script puts on the window (its types come with @2gis/mapgl). */
type MapglNamespace = Awaited<ReturnType<typeof load>>;
export type MapglMap = InstanceType<MapglNamespace['Map']>;

/** An HTML marker handed to the clusterer (the plugin's `InputMarker` of type 'html'). */
export interface ClustererHtmlMarker {
  type: 'html';
  coordinates: number[];
  html: HTMLElement;
  /** The pixel of `html` that sits on the coordinates. */
  anchor?: number[];
  userData: number;
}

/** What a click on the clusterer's objects reports (`ClustererPointerEvent`): a marker or a cluster of them. */
export interface ClustererPointerEvent {
  lngLat: number[];
  target: { type: 'marker'; data: ClustererHtmlMarker } | { type: 'cluster'; id: number; data: ClustererHtmlMarker[] };
}

/** The subset of `@2gis/mapgl-clusterer`'s `Clusterer` the maps use (docs.2gis.com/mapgl/plugins/clusterer/reference). */
export interface MapglClusterer {
  load(markers: ClustererHtmlMarker[]): void;
  on(type: 'click', listener: (event: ClustererPointerEvent) => void): this;
  getClusterExpansionZoom(clusterId: number): number;
  destroy(): void;
}

export type Mapgl = MapglNamespace & { Clusterer: new (map: MapglMap, options: { radius?: number }) => MapglClusterer };

/**
 * MapGL through 2GIS's own loader (https://mapgl.2gis.com/api/js), then the clusterer plugin, which adds
 * `mapgl.Clusterer` to the same namespace. Rejects when either script cannot be loaded.
 */
export async function loadMapgl(): Promise<Mapgl> {
  const mapgl = await import('@2gis/mapgl').then((loader) => loader.load());
  await loadScript(MAPGL_CLUSTERER_SRC);
  const withClusterer = (window as unknown as { mapgl?: Partial<Mapgl> }).mapgl;
  if (!withClusterer?.Clusterer) throw new Error('Кластеризатор 2GIS не загрузился');
  return { ...mapgl, Clusterer: withClusterer.Clusterer };
}
