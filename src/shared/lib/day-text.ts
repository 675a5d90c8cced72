const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];
/** Moscow has kept UTC+3 all year since 26 October 2014. */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/**
 * '20 ноября 2026', the day in Moscow: the same wherever it is rendered (server or any browser). Without ICU, whose
 * Russian date data costs a phone tens of milliseconds to load while the page starts.
 */
export function dayText(iso: string): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '';
  const moscow = new Date(at + MOSCOW_OFFSET_MS);
  return `${moscow.getUTCDate()} ${MONTHS[moscow.getUTCMonth()]} ${moscow.getUTCFullYear()}`;
}
