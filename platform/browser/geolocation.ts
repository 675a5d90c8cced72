import type { LocationAnswer } from '../index';

/** A fix may be a few minutes old and coarse: «рядом» is about kilometres, and a quick answer matters more. */
const OPTIONS: PositionOptions = { enableHighAccuracy: false, maximumAge: 5 * 60_000, timeout: 15_000 };

/** The browser's geolocation (the website, and a Telegram client too old for its own): asks the buyer the first time. */
export function browserLocation(): Promise<LocationAnswer> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve({ ok: false, reason: 'unavailable' });
  return new Promise((resolve) => {
    try {
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => resolve({ ok: true, latitude: coords.latitude, longitude: coords.longitude }),
        (error) => resolve({ ok: false, reason: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
        OPTIONS,
      );
    } catch {
      resolve({ ok: false, reason: 'unavailable' });
    }
  });
}
