export { ExternalLinkPage } from './ui';
