import { lazyComponent } from '@/shared/ui';
export { servicesQuery } from './api/services-query';
export { srcSet, findService } from './lib/service-lib';
export { heroKindOf, heroImageOf, reviewerAvatar, crossSellOf } from './lib/service-pages';
export const ServiceModal = lazyComponent(() => import('./ui/service-modal'), 'ServiceModal');
