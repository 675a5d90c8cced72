export { ApartPage } from './ui';
