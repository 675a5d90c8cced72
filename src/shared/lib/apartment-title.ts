// The title rules live in the contract: the server's crawlable HTML uses them too.
export { roomsName, roomsAndArea, apartPageTitle, unitKind, localityPrepositional } from '@kvarta/contract/apartment-title';
