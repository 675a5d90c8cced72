export { ServicesPage } from './ui';
