import { lazyComponent } from '@/shared/ui';
export { servicesQuery } from './api/services-query';
export { heroKindOf, heroImageOf, reviewerAvatar, srcSet, crossSellOf, findService } from './lib/service-lib';
export const ServiceModal = lazyComponent(() => import('./ui/service-modal'), 'ServiceModal');
