export { NotFoundPage } from './ui';
