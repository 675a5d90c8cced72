export { HomePage } from './ui';
