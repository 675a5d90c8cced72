export { importFeed, latestImports } from './import';
export type { ImportReport, ImportProgress } from './import';
export { downloadPendingPhotos, photoDir, PHOTO_FILES } from './images';
export type { PhotoFile } from './images';
export { sourceNameOf } from './source';
export { feedAdvertsOf } from './adverts';
