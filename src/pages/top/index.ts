export { TopPage } from './ui';
