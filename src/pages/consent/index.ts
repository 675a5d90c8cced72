export { ConsentPage } from './ui';
