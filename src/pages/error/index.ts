export { ErrorPage } from './ui';
