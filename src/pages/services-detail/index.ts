export { ServiceDetailPage } from './ui';
