export { importFeed, latestImports } from './import';
export type { ImportReport, ImportChanges, ImportProgress } from './import';
export { downloadPendingPhotos, photoDir, PHOTO_FILES } from './images';
export type { PhotoFile } from './images';
export { openFeed, sourceNameOf, isUrl } from './source';
export { feedAdvertOf } from './adverts';
