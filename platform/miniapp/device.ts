import { cloudStorage, locationManager } from '@tma.js/sdk-react';
import type { LocationAnswer, SyncedStorage } from '../index';
import { browserLocation } from '../browser/geolocation';

/** A launch never waits longer than this for Telegram's CloudStorage: past it the app starts from this device's own. */
const CLOUD_READ_TIMEOUT_MS = 1_500;

/** Telegram's CloudStorage (6.9+): values per user and bot, on each of the user's devices. */
export function telegramCloud(): SyncedStorage | undefined {
  if (!cloudStorage.isSupported()) return undefined;
  return {
    read(keys) {
      const reading = (async () => {
        // The SDK fills keys never written with ''.
        const values: Record<string, string> = await cloudStorage.getItems([...keys]);
        return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
      })().catch(() => ({}));
      const late = new Promise<Record<string, string>>((resolve) => setTimeout(() => resolve({}), CLOUD_READ_TIMEOUT_MS));
      return Promise.race([reading, late]);
    },
    write(key, value) {
      void (async () => cloudStorage.setItem(key, value))().catch(() => undefined);
    },
  };
}

/**
 * The buyer's location through Telegram (8.0+: the client asks them once and remembers the answer); the browser's on
 * an older client. Telegram answers «no location» alike for a refusal and a device that cannot tell, so that is a
 * refusal unless its first check said there is no location at all.
 */
export function telegramLocation(): () => Promise<LocationAnswer> {
  if (!locationManager.isSupported()) return browserLocation;
  let mounted: Promise<boolean> | null = null;
  return async () => {
    try {
      mounted ??= (async () => {
        await locationManager.mount();
        return locationManager.isAvailable();
      })().catch((error: unknown) => {
        mounted = null;
        throw error;
      });
      if (!(await mounted)) return { ok: false, reason: 'unavailable' };
      const place = await locationManager.requestLocation();
      return place ? { ok: true, latitude: place.latitude, longitude: place.longitude } : { ok: false, reason: 'denied' };
    } catch {
      return { ok: false, reason: 'unavailable' };
    }
  };
}
