// The formatting rules live in the contract: the server's crawlable HTML uses them too.
export { formatNumber, formatMeasure, plural, roomsLabel, millions } from '@kvarta/contract/format';
