import { lazyComponent } from '@/shared/ui';
/** The advert modal (spec §2 modal id `advert`): its code arrives when an advert is first opened. */
export const AdvertModal = lazyComponent(() => import('./ui/advert-modal'), 'AdvertModal');
