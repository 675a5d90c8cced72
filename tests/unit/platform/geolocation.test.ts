import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlatform as createBrowserPlatform } from '../../../platform/browser';

type Geo = Pick<Geolocation, 'getCurrentPosition'>;
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;

function withGeolocation(geo: Geo | undefined): void {
  vi.stubGlobal('navigator', { ...navigator, geolocation: geo });
}

const failing = (code: number): Geo => ({
  getCurrentPosition: (_ok, fail) => fail?.({ code, PERMISSION_DENIED, POSITION_UNAVAILABLE, TIMEOUT: 3, message: '' }),
});

describe('the website’s location (navigator.geolocation)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the position the browser gives', async () => {
    withGeolocation({
      getCurrentPosition: (ok) => ok({ coords: { latitude: 55.75, longitude: 37.62 } } as GeolocationPosition),
    });
    await expect(createBrowserPlatform().requestLocation!()).resolves.toEqual({ ok: true, latitude: 55.75, longitude: 37.62 });
  });

  it('tells a refusal from a device that cannot tell, and never rejects', async () => {
    withGeolocation(failing(PERMISSION_DENIED));
    await expect(createBrowserPlatform().requestLocation!()).resolves.toEqual({ ok: false, reason: 'denied' });
    withGeolocation(failing(POSITION_UNAVAILABLE));
    await expect(createBrowserPlatform().requestLocation!()).resolves.toEqual({ ok: false, reason: 'unavailable' });
    withGeolocation(undefined);
    await expect(createBrowserPlatform().requestLocation!()).resolves.toEqual({ ok: false, reason: 'unavailable' });
    withGeolocation({
      getCurrentPosition: () => {
        throw new Error('blocked by policy');
      },
    });
    await expect(createBrowserPlatform().requestLocation!()).resolves.toEqual({ ok: false, reason: 'unavailable' });
  });
});
