// The formatting rules live in the contract: the server's crawlable HTML uses them too.
export { formatNumber, plural, roomsLabel, millions } from '@kvarta/contract/format';

/** snake_case → camelCase, as spec §3 converts text and statistics keys ('assist_1st_msg' → 'assist1stMsg'). */
export const camelCaseKey = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
