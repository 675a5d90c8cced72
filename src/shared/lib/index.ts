export { buildTitle } from './title';
export { STORAGE_KEYS, readStorage, writeStorage, readJson, onStorageChange } from './storage';
export { parseExternalTarget } from './external-link';
export type { ExternalTarget } from './external-link';
export { formatNumber, plural, roomsLabel, millions } from './format';
export { roundByMagnitude, formatPriceRange } from './price-range';
export { roomsName, roomsAndArea, apartPageTitle } from './apartment-title';
export { compareRussian } from './collate';
