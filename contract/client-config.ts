/**
 * Public settings of the outside services the pages use, read by the server from its environment at start and handed
 * to every page as JSON (one build serves every deployment; a test server turns a service on without a rebuild).
 * Nothing secret goes here: these are the ids each service's own browser script is given anyway.
 */
export interface AdfoxSlot {
  p1: string;
  p2: string;
}

export interface ClientConfig {
  /** Yandex AdFox display ads in the feeds: the owner id and three slot codes per theme (spec §9). */
  adfox?: { ownerId: string; slots: { light: AdfoxSlot[]; dark: AdfoxSlot[] } };
  /** Yandex Metrica counter id. */
  metrika?: { id: number };
  /** Google Tag Manager container id (GTM-XXXX). */
  gtm?: { id: string };
  /** 2GIS MapGL key: the maps use MapGL with it and the offline schematic map without it. */
  map2gis?: { key: string };
  /**
   * The error tracker (Sentry's protocol: Sentry or GlitchTip) for browser errors: its public DSN (a DSN's key is
   * meant to be public), the release and environment errors are filed under. Absent: the SDK is never even loaded.
   */
  errors?: { dsn: string; release: string; environment: string };
}

/** The id of the JSON script element that carries the settings. */
export const CLIENT_CONFIG_ELEMENT_ID = 'kv-client-config';

/**
 * The 2GIS clusterer plugin (`@2gis/mapgl-clusterer`, the build 2GIS documents for a script tag), at an exact version:
 * the client loads it after MapGL and the server allows exactly this file in its Content-Security-Policy.
 */
export const MAPGL_CLUSTERER_SRC = 'https://unpkg.com/@2gis/mapgl-clusterer@2.5.2/dist/clustering.js';
