export { buildTitle } from './title';
export { STORAGE_KEYS, readStorage, writeStorage, readJson, onStorageChange } from './storage';
export { parseExternalTarget, externalLinkPath } from './external-link';
export { dayText } from './day-text';
export type { ExternalTarget } from './external-link';
export { formatNumber, plural, roomsLabel, millions } from './format';
export { roundByMagnitude, formatPriceRange } from './price-range';
export { roomsName, roomsAndArea, apartPageTitle, unitKind } from './apartment-title';
export { compareRussian } from './collate';
