export { servicesQuery } from './api/services-query';
export { heroKindOf, heroImageOf, reviewerAvatar, srcSet, crossSellOf, findService } from './lib/service-lib';
export { ServiceModal } from './ui/service-modal';
