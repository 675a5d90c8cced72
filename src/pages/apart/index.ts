export { ApartPage } from './ui/apart-page';
