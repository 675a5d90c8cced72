// The formatting rules live in the contract: the server's crawlable HTML uses them too.
export { formatNumber, plural, roomsLabel, millions } from '@kvarta/contract/format';
